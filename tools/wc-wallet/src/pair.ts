import type { WcWallet } from './types.js'

/** The part of a dApp-side WalletConnect provider that shows pairing URIs (core's `WalletConnectProvider`). */
export interface PairingSource {
  on(event: 'display_uri', listener: (payload: { uri: string }) => void): () => void
}

/**
 * Makes the wallet pair with every pairing URI the dApp's provider shows, as a phone does when the user scans
 * each QR code. Returns the function that stops it. A pairing that fails is reported to `onError` (default: a
 * warning on the console, since the dApp's connect then only times out with the SDK's own error).
 */
export function pairOnDisplayUri(
  wallet: Pick<WcWallet, 'pair'>,
  source: PairingSource,
  onError: (error: unknown) => void = (error) => console.warn('wc-wallet: pairing failed', error),
): () => void {
  return source.on('display_uri', ({ uri }) => {
    wallet.pair(uri).catch(onError)
  })
}
