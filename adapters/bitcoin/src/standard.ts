// Wallet Standard bitcoin wallets (the `bitcoin:connect` feature of ExodusMovement's bitcoin-wallet-standard):
// discovered with @wallet-standard/app on the page's window, or with the same register / app-ready handshake on
// any other discovery target (Node tests).
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { caipIdOfWalletNetwork, chainInfo } from './chains.js'
import type { BitcoinWalletClient, WalletAddress, WalletSnapshot } from './client.js'

type Feature = Record<string, (...args: never[]) => unknown>

/** Whether a registered wallet is a Bitcoin wallet this adapter can drive. */
function isBitcoinStandardWallet(wallet: Wallet): boolean {
  return typeof (wallet.features['bitcoin:connect'] as Feature | undefined)?.connect === 'function'
}

/**
 * Watches Wallet Standard registrations on `target`; calls `changed` whenever the set changes. Uses
 * @wallet-standard/app's `getWallets()` when the target is the global window. Returns the list reader and a stop.
 */
export function watchStandardWallets(target: EventTarget | undefined, changed: () => void) {
  const registered = new Set<Wallet>()
  if (target === undefined) return { list: () => [] as Wallet[], stop: () => {} }
  if (target === (globalThis as { window?: unknown }).window) {
    const api = getWallets()
    const offs = [api.on('register', changed), api.on('unregister', changed)]
    return {
      list: () => api.get().filter(isBitcoinStandardWallet),
      stop: () => {
        for (const off of offs) off()
      },
    }
  }
  const register = (...wallets: Wallet[]) => {
    for (const wallet of wallets) registered.add(wallet)
    changed()
    return () => {
      for (const wallet of wallets) registered.delete(wallet)
      changed()
    }
  }
  const api = Object.freeze({ register })
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback === 'function') callback(api)
  }
  target.addEventListener('wallet-standard:register-wallet', onRegister)
  target.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: api }))
  return {
    list: () => [...registered].filter(isBitcoinStandardWallet),
    stop: () => target.removeEventListener('wallet-standard:register-wallet', onRegister),
  }
}

function feature<T>(wallet: Wallet, name: string, method: string): T {
  const found = (wallet.features[name as `${string}:${string}`] as Feature | undefined)?.[method]
  if (typeof found !== 'function') throw { code: 4200, message: `The wallet has no ${name} feature` }
  return found.bind(wallet.features[name as `${string}:${string}`]) as T
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

function snapshotOf(accounts: readonly WalletAccount[], purposes?: readonly string[]): WalletSnapshot {
  const addresses: WalletAddress[] = accounts.map((account, index) => {
    const label = account.label === 'payment' || account.label === 'ordinals' ? account.label : undefined
    const purpose =
      label ?? (purposes?.[index] === 'ordinals' ? 'ordinals' : index === 0 ? 'payment' : 'ordinals')
    return { address: account.address, publicKey: toHex(Uint8Array.from(account.publicKey)), purpose }
  })
  const chain = accounts[0]?.chains[0]
  return { addresses, caipNetworkId: chain ? caipIdOfWalletNetwork(chain) : undefined }
}

/** A Wallet Standard bitcoin wallet as a {@link BitcoinWalletClient}. */
export function standardClient(wallet: Wallet): BitcoinWalletClient {
  const accountOf = (address: string) => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw { code: 4100, message: `The wallet does not hold ${address}` }
    return account
  }
  return {
    networkSwitch: 'reconnect',
    transfers: false,
    provider: wallet,
    async connect() {
      const purposes = ['payment', 'ordinals'] as const
      const connect = feature<(input: unknown) => Promise<{ accounts: readonly WalletAccount[] }>>(
        wallet,
        'bitcoin:connect',
        'connect',
      )
      return snapshotOf((await connect({ purposes })).accounts, purposes)
    },
    async silent() {
      const connect = feature<(input: unknown) => Promise<{ accounts: readonly WalletAccount[] }>>(
        wallet,
        'standard:connect',
        'connect',
      )
      const { accounts } = await connect({ silent: true })
      return accounts.length > 0 ? snapshotOf(accounts) : null
    },
    async changeNetwork() {
      throw { code: 4200, message: 'Wallet Standard bitcoin wallets cannot be asked to change network' }
    },
    async signMessage({ address, message }) {
      const sign = feature<(input: unknown) => Promise<readonly { signature: Uint8Array }[]>>(
        wallet,
        'bitcoin:signMessage',
        'signMessage',
      )
      const [result] = await sign({ account: accountOf(address), message })
      if (!(result?.signature instanceof Uint8Array)) throw { code: -32603, message: 'No signature' }
      return toBase64(result.signature)
    },
    async signPsbt({ psbt, signInputs, caipNetworkId }) {
      const chain = chainInfo(caipNetworkId)?.standardChain
      const sign = feature<(input: unknown) => Promise<readonly { signedPsbt: Uint8Array }[]>>(
        wallet,
        'bitcoin:signTransaction',
        'signTransaction',
      )
      const [result] = await sign({
        psbt: fromBase64(psbt),
        chain,
        inputsToSign: signInputs.map((entry) => ({
          account: accountOf(entry.address),
          signingIndexes: [...entry.index],
          ...(entry.sighashTypes?.[0] !== undefined ? { sigHash: entry.sighashTypes[0] } : {}),
        })),
      })
      if (!(result?.signedPsbt instanceof Uint8Array)) throw { code: -32603, message: 'No signed PSBT' }
      return { psbt: toBase64(result.signedPsbt) }
    },
    async sendTransfer() {
      throw { code: 4200, message: 'Wallet Standard bitcoin wallets have no transfer feature' }
    },
    async disconnect() {
      const disconnect = wallet.features['standard:disconnect'] as Feature | undefined
      if (typeof disconnect?.disconnect === 'function') await disconnect.disconnect()
    },
    watch(listener) {
      const events = wallet.features['standard:events'] as
        | { on?: (event: 'change', cb: (p: { accounts?: readonly WalletAccount[] }) => void) => () => void }
        | undefined
      if (typeof events?.on !== 'function') return () => {}
      let last = snapshotOf(wallet.accounts)
      return events.on('change', ({ accounts }) => {
        if (!accounts) return
        if (accounts.length === 0) return listener({ kind: 'disconnect' })
        const next = snapshotOf(accounts)
        if (next.caipNetworkId !== last.caipNetworkId)
          listener({ kind: 'network', caipNetworkId: next.caipNetworkId })
        else listener({ kind: 'accounts' })
        last = next
      })
    },
  }
}
