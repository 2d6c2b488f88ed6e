// A host's whole cycle through the headless kit with a real adapter: connect, the wallet switching network,
// the kit switching network, a signature, a reload that restores, a disconnect that sticks.
import { createTestWallet } from '@latchkey/evm-wallet'
import { verifyMessage } from 'viem'
import { fundedKeys, type LocalEvmNetwork, walletChainsOf } from './conformance.js'
import { memoryStorage } from './storage.js'

/** The part of core's kit (createKitCore) the round trip drives. */
export interface RoundTripKit<N> {
  ready: Promise<void>
  connect(options: { connectorId: string; namespace: 'eip155' }): Promise<unknown>
  getAccount(): { address?: string | undefined; caipAddress?: string | undefined; isConnected: boolean }
  getCaipNetwork(): { caipNetworkId: string } | undefined
  switchNetwork(network: N): Promise<void>
  signMessage(message: string): Promise<string>
  disconnect(): Promise<void>
  destroy(): void
}

/** What a host sees at each step. */
export interface KitRoundTripReport {
  wallet: { address: string; rdns: string }
  afterConnect: {
    address?: string | undefined
    caipAddress?: string | undefined
    network?: string | undefined
  }
  /** The kit's network after the user switched the wallet to the second network. */
  afterWalletSwitch: string | undefined
  /** The kit's network, and the wallet's chain id, after the host switched back through the kit. */
  afterKitSwitch: { network?: string | undefined; walletChainId: number }
  signedByWallet: boolean
  /** A fresh kit on the same storage (a reload): what it restored, and how many prompts that cost. */
  afterReload: { address?: string | undefined; network?: string | undefined; prompts: number }
  afterDisconnect: { isConnected: boolean }
  /** A fresh kit after the disconnect: nothing restored. */
  afterSecondReload: { isConnected: boolean }
  /** Every step where the kit did not show what a host expects; empty when the visit went right. */
  problems: string[]
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Runs the cycle on two networks with a fresh test wallet announced on a page of its own. `createKit` builds a
 * kit over `storage` and `window` (the discovery target) with the adapter under test; it is called three
 * times, each a page load.
 */
export async function runKitRoundTrip<N extends LocalEvmNetwork>(options: {
  /** Two networks: the kit connects on the first, and the wallet switches to the second. */
  networks: readonly N[]
  createKit(page: { storage: ReturnType<typeof memoryStorage>; window: EventTarget }): RoundTripKit<N>
}): Promise<KitRoundTripReport> {
  const [first, second] = options.networks
  if (!first || !second) throw new Error('runKitRoundTrip needs two networks')
  const rdns = 'dev.latchkey.round-trip'
  const wallet = createTestWallet({
    name: 'Round Trip Wallet',
    rdns,
    privateKeys: await fundedKeys(options.networks, 1),
    chains: walletChainsOf(options.networks),
  })
  const page = { storage: memoryStorage(), window: new EventTarget() }
  const stopAnnouncing = wallet.announce(page.window)
  const kits: RoundTripKit<N>[] = []
  const load = async () => {
    const kit = options.createKit(page)
    kits.push(kit)
    await kit.ready
    return kit
  }
  try {
    const kit = await load()
    await kit.connect({ connectorId: rdns, namespace: 'eip155' })
    const connected = kit.getAccount()
    const afterConnect = {
      address: connected.address,
      caipAddress: connected.caipAddress,
      network: kit.getCaipNetwork()?.caipNetworkId,
    }
    wallet.switchChain(Number(second.id))
    await until(
      () => kit.getCaipNetwork()?.caipNetworkId === second.caipNetworkId,
      'the wallet’s switch',
    ).catch(() => undefined)
    const afterWalletSwitch = kit.getCaipNetwork()?.caipNetworkId
    await kit.switchNetwork(first)
    const afterKitSwitch = { network: kit.getCaipNetwork()?.caipNetworkId, walletChainId: wallet.chainId }
    const message = 'Latchkey round trip'
    const signature = await kit.signMessage(message)
    const signedByWallet = await verifyMessage({
      address: wallet.address,
      message,
      signature: signature as `0x${string}`,
    }).catch(() => false)
    kit.destroy()

    const prompts = wallet.prompts().length
    const reloaded = await load()
    const afterReload = {
      address: reloaded.getAccount().address,
      network: reloaded.getCaipNetwork()?.caipNetworkId,
      prompts: wallet.prompts().length - prompts,
    }
    await reloaded.disconnect()
    const afterDisconnect = { isConnected: reloaded.getAccount().isConnected }
    reloaded.destroy()
    const again = await load()
    const afterSecondReload = { isConnected: again.getAccount().isConnected }
    const problems: string[] = []
    const expect = (ok: boolean, what: string, seen: unknown) => {
      if (!ok) problems.push(`${what}: saw ${JSON.stringify(seen)}`)
    }
    const address = wallet.address
    expect(
      afterConnect.address === address &&
        afterConnect.caipAddress === `${first.caipNetworkId}:${address}` &&
        afterConnect.network === first.caipNetworkId,
      `after connect, the account ${address} on ${first.caipNetworkId}`,
      afterConnect,
    )
    expect(
      afterWalletSwitch === second.caipNetworkId,
      `after the wallet switched, ${second.caipNetworkId}`,
      afterWalletSwitch,
    )
    expect(
      afterKitSwitch.network === first.caipNetworkId && afterKitSwitch.walletChainId === Number(first.id),
      `after the kit switched, ${first.caipNetworkId} in the kit and the wallet`,
      afterKitSwitch,
    )
    expect(signedByWallet, 'the kit’s signature recovers to the wallet', signature)
    expect(
      afterReload.address === address &&
        afterReload.network === first.caipNetworkId &&
        afterReload.prompts === 0,
      `a reload restores ${address} on ${first.caipNetworkId} without a prompt`,
      afterReload,
    )
    expect(!afterDisconnect.isConnected, 'disconnected after disconnect', afterDisconnect)
    expect(
      !afterSecondReload.isConnected,
      'nothing restored after a disconnect and a reload',
      afterSecondReload,
    )
    return {
      wallet: { address, rdns },
      afterConnect,
      afterWalletSwitch,
      afterKitSwitch,
      signedByWallet,
      afterReload,
      afterDisconnect,
      afterSecondReload,
      problems,
    }
  } finally {
    for (const kit of kits) kit.destroy()
    stopAnnouncing()
  }
}
