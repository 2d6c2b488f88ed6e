import {
  type CaipNetworkId,
  LatchkeyError,
  type ResolvedOptions,
  rpcUrlsFor,
  type WalletConnectProvider,
} from '@latchkey/core'

/**
 * The package that brings the WalletConnect SDK: an optional peer of `@latchkey/ui`, installed only by hosts that
 * keep `enableWalletConnect` on (the default).
 */
export const WALLETCONNECT_PACKAGE = '@latchkey/adapter-universal'

/**
 * How a failed import names a package that is not installed, quoted: Vite's stand-in for a missing optional peer
 * (`Could not resolve "…" imported by "@latchkey/ui". Is it installed?`), a browser's `Failed to resolve module
 * specifier "…"`, Node's `Cannot find package '…'`, webpack's `Cannot find module '…'`. A package of its own that
 * is missing is quoted instead, with this one's only in a path; a chunk that did not download names its URL.
 */
const NOT_INSTALLED = new RegExp(`["'\`]${WALLETCONNECT_PACKAGE}["'\`]`)

/**
 * Loads {@link WALLETCONNECT_PACKAGE} and starts its provider for the kit's project, metadata, relay and RPCs.
 * Only the one export is taken from the import, so a bundler keeps the rest of the package (the universal adapter,
 * its reads through viem) out of the chunk; a namespace object that escapes would pull all of it in, and the
 * modules it shares with the host's wagmi into the host's first chunk.
 * @throws LatchkeyError ADAPTER_NOT_FOUND, saying what to install, when the package is not installed; any other
 *   failure as it is.
 */
export async function loadWalletConnect(options: ResolvedOptions): Promise<WalletConnectProvider> {
  let create: typeof import('@latchkey/adapter-universal').createWalletConnectProvider
  try {
    const { createWalletConnectProvider } = await import('@latchkey/adapter-universal')
    create = createWalletConnectProvider
  } catch (error) {
    if (!NOT_INSTALLED.test(error instanceof Error ? error.message : String(error))) throw error
    throw new LatchkeyError(
      `WalletConnect is on (enableWalletConnect) but ${WALLETCONNECT_PACKAGE} is not installed: install it ` +
        `(npm install ${WALLETCONNECT_PACKAGE}) or set enableWalletConnect: false.`,
      { code: 'ADAPTER_NOT_FOUND', cause: error },
    )
  }
  const rpcUrls: Partial<Record<CaipNetworkId, string>> = {}
  for (const network of options.networks) {
    const [url] = rpcUrlsFor(network, options.adapterOptions.customRpcUrls)
    if (url) rpcUrls[network.caipNetworkId] = url
  }
  return create({
    projectId: options.projectId ?? '',
    metadata: options.metadata,
    ...(options.services.walletConnectRelayUrl ? { relayUrl: options.services.walletConnectRelayUrl } : {}),
    storagePrefix: `${options.storagePrefix}-walletconnect`,
    rpcUrls,
  })
}
