// The page side of the two-wallet scenario (bundled into the test page; browser-only code, no Node import):
// runs an adapter on the page's window and answers `window.latchkeyTwoWallets`.
import { memoryStorage } from './storage.js'
import type { TwoWalletPageFunction, TwoWalletPageInput } from './two-wallets.js'

/** The part of core's ChainAdapter the page drives. */
export interface TwoWalletPageAdapter {
  /** Typed `never` so any adapter's context type fits; the page hands it core's AdapterContext shape. */
  init(context: never): Promise<void>
  syncConnectors(): Promise<void>
  getConnectors(): readonly { id: string; type: string; name: string }[]
  connect(params: { connectorId: string }): Promise<{ accounts: readonly { address: string }[] }>
  signMessage(params: { message: string }): Promise<{ signature: string; address: string }>
  destroy(): void
}

/**
 * Defines `window.latchkeyTwoWallets` for the page: a fresh adapter from `createAdapter`, initialised with the
 * network `networkFor` makes of the chain and the page's `window` as discovery target, connects the connector
 * asked for, signs the message, and adds what `extra` reads (the library's own signer, a balance, …).
 */
export function defineTwoWalletPage<A extends TwoWalletPageAdapter>(options: {
  createAdapter(input: TwoWalletPageInput): A
  networkFor(input: TwoWalletPageInput): unknown
  extra?(adapter: A, address: string): Promise<Record<string, string>>
}): void {
  const run: TwoWalletPageFunction = async (input) => {
    const adapter = options.createAdapter(input)
    const init = adapter.init.bind(adapter) as (context: unknown) => Promise<void>
    await init({
      networks: [options.networkFor(input)],
      options: {},
      storage: memoryStorage(),
      discoveryTarget: window,
    })
    try {
      await adapter.syncConnectors()
      const connectors = adapter.getConnectors().map(({ id, type, name }) => ({ id, type, name }))
      const result = await adapter.connect({ connectorId: input.connectorId })
      const { signature, address } = await adapter.signMessage({ message: input.message })
      const extra = options.extra ? await options.extra(adapter, address) : undefined
      return {
        connectors,
        addresses: result.accounts.map((account) => account.address),
        signature,
        signer: address,
        ...(extra ? { extra } : {}),
      }
    } finally {
      adapter.destroy()
    }
  }
  ;(window as unknown as { latchkeyTwoWallets: TwoWalletPageFunction }).latchkeyTwoWallets = run
}
