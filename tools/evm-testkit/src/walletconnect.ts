// One visit of a phone wallet over WalletConnect, for every EVM adapter: the adapter's walletConnect connector
// pairs with WalletKit (the WalletConnect test wallet) through the local relay, signs, sends on the local chain,
// switches chain through the wallet, restores the session after a reload without a prompt, and disconnects on both
// sides. Typed structurally, so this tool needs no @latchkey/core; the caller creates the dApp-side provider.
import { createWcWallet, type PairingSource, pairOnDisplayUri } from '@latchkey/wc-wallet'
import { createPublicClient, http, verifyMessage } from 'viem'
import { freshAddress, fundedKeys, type LocalEvmNetwork, walletChainsOf } from './conformance.js'
import { memoryStorage } from './storage.js'

/** The part of an EVM adapter the scenario drives (core's ChainAdapter, structurally). */
export interface WalletConnectScenarioAdapter<N extends LocalEvmNetwork = LocalEvmNetwork> {
  getConnectors(): readonly { id: string; type: string }[]
  connect(params: { connectorId: string; network?: N }): Promise<{
    accounts: readonly { address: string }[]
    network: { caipNetworkId: string }
  }>
  reconnect(): Promise<{ accounts: readonly { address: string }[] } | null>
  disconnect(): Promise<void>
  getAccounts(): readonly { address: string }[]
  getNetwork(): { caipNetworkId: string } | undefined
  signMessage(params: { message: string }): Promise<{ signature: string; address: string }>
  verifyMessage(params: { address: string; message: string; signature: string; network: N }): Promise<boolean>
  sendTransaction(params: { to: string; value: bigint }): Promise<{ hash: string }>
  switchNetwork(params: { network: N }): Promise<unknown>
  destroy(): void
}

/** The dApp side's WalletConnect provider (core's WalletConnectProvider, structurally). */
export interface ScenarioProvider extends PairingSource {
  readonly session: { topic: string } | undefined
  /** The SDK underneath, so the scenario can close its socket and timers when it is done. */
  readonly sdk: {
    client: { core: { relayer: { transportClose(): Promise<void> }; heartbeat: { stop(): void } } }
  }
}

/** What the scenario creates the provider with (adapter-universal's `createWalletConnectProvider` options). */
interface ScenarioProviderOptions {
  projectId: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  relayUrl: string
  storagePrefix: string
  storageOptions: { database: string }
}

export interface WalletConnectScenarioOptions<
  N extends LocalEvmNetwork,
  A extends WalletConnectScenarioAdapter<N>,
  P extends ScenarioProvider,
> {
  /** Names the dApp (its metadata, project id and storage prefix). */
  name: string
  relayUrl: string
  networks: readonly [N, N]
  /** adapter-universal's `createWalletConnectProvider` (passed in: this tool depends on no product package). */
  createProvider(options: ScenarioProviderOptions): Promise<P>
  /** A new adapter, initialised with this context (called again for the reload). */
  createAdapter(context: {
    networks: readonly N[]
    options: Record<string, never>
    storage: ReturnType<typeof memoryStorage>
    getWalletConnectProvider: () => Promise<P>
  }): Promise<A>
}

/** What the scenario saw, for the test to assert on. */
export interface WalletConnectScenarioReport {
  walletAddress: string
  connectorType: string | undefined
  connected: { address: string | undefined; caipNetworkId: string }
  signature: { address: string; recovered: boolean; adapterVerified: boolean }
  sent: { received: bigint; value: bigint }
  switched: { adapter: string | undefined; wallet: string }
  restored: { address: string | undefined; newProposals: number; newPrompts: number }
  disconnected: { dappSession: boolean; walletSessions: number }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs the visit and reports what happened at each step; throws only when a step itself fails. */
export async function runWalletConnectScenario<
  N extends LocalEvmNetwork,
  A extends WalletConnectScenarioAdapter<N>,
  P extends ScenarioProvider,
>(options: WalletConnectScenarioOptions<N, A, P>): Promise<WalletConnectScenarioReport> {
  const [first, second] = options.networks
  const provider = await options.createProvider({
    projectId: `latchkey-${options.name}-walletconnect-test`,
    metadata: {
      name: `${options.name} test`,
      description: 'walletConnect connector',
      url: 'http://127.0.0.1',
      icons: [],
    },
    relayUrl: options.relayUrl,
    storagePrefix: `${options.name}-walletconnect-${process.pid}`,
    storageOptions: { database: ':memory:' },
  })
  try {
    return await visit(options, provider, first, second)
  } finally {
    await provider.sdk.client.core.relayer.transportClose().catch(() => undefined)
    provider.sdk.client.core.heartbeat.stop()
  }
}

async function visit<
  N extends LocalEvmNetwork,
  A extends WalletConnectScenarioAdapter<N>,
  P extends ScenarioProvider,
>(
  options: WalletConnectScenarioOptions<N, A, P>,
  provider: P,
  first: N,
  second: N,
): Promise<WalletConnectScenarioReport> {
  const wallet = await createWcWallet({
    relayUrl: options.relayUrl,
    evm: { privateKeys: await fundedKeys(options.networks, 1), chains: walletChainsOf(options.networks) },
  })
  const stopPairing = pairOnDisplayUri(wallet, provider)
  const context = {
    networks: options.networks,
    options: {},
    storage: memoryStorage(),
    getWalletConnectProvider: async () => provider,
  }
  const adapters: A[] = []
  const newAdapter = async () => {
    const adapter = await options.createAdapter(context)
    adapters.push(adapter)
    return adapter
  }
  try {
    const walletAddress = wallet.accounts(first.caipNetworkId)[0]?.split(':')[2] ?? ''
    const adapter = await newAdapter()
    const connectorType = adapter.getConnectors().find((c) => c.id === 'walletConnect')?.type
    const connected = await adapter.connect({ connectorId: 'walletConnect', network: first })

    const message = 'Sign in to the WalletConnect scenario'
    const signed = await adapter.signMessage({ message })
    const recovered = await verifyMessage({
      address: walletAddress as `0x${string}`,
      message,
      signature: signed.signature as `0x${string}`,
    })
    const adapterVerified = await adapter.verifyMessage({
      address: signed.address,
      message,
      signature: signed.signature,
      network: first,
    })

    const to = freshAddress()
    const value = 1_234_567n
    const { hash } = await adapter.sendTransaction({ to, value })
    const client = createPublicClient({ transport: http(first.rpcUrls.default.http[0]) })
    await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    const received = await client.getBalance({ address: to })

    await adapter.switchNetwork({ network: second })
    const switched = { adapter: adapter.getNetwork()?.caipNetworkId, wallet: wallet.activeChain('eip155') }

    // A reload: a new adapter on the same storage and the same provider (which kept the session).
    adapter.destroy()
    const proposals = wallet.proposals.length
    const prompts = wallet.log.filter((entry) => entry.prompted).length
    const reloaded = await newAdapter()
    const restoredResult = await reloaded.reconnect()
    const restored = {
      address: restoredResult?.accounts[0]?.address,
      newProposals: wallet.proposals.length - proposals,
      newPrompts: wallet.log.filter((entry) => entry.prompted).length - prompts,
    }

    await reloaded.disconnect()
    for (let i = 0; i < 100 && wallet.sessions.length > 0; i++) await sleep(20)
    return {
      walletAddress,
      connectorType,
      connected: { address: connected.accounts[0]?.address, caipNetworkId: connected.network.caipNetworkId },
      signature: { address: signed.address, recovered, adapterVerified },
      sent: { received, value },
      switched,
      restored,
      disconnected: {
        dappSession: provider.session !== undefined,
        walletSessions: wallet.sessions.length,
      },
    }
  } finally {
    stopPairing()
    for (const adapter of adapters) adapter.destroy()
    await wallet.close()
  }
}

/** What went wrong in a scenario run, one line per failed expectation (empty when the visit went as a user expects). */
export function walletConnectScenarioProblems(
  report: WalletConnectScenarioReport,
  networks: readonly [LocalEvmNetwork, LocalEvmNetwork],
): string[] {
  const [first, second] = networks
  const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()
  const expectations: [boolean, string][] = [
    [
      report.connectorType === 'WALLET_CONNECT',
      `the walletConnect connector has type ${report.connectorType}`,
    ],
    [same(report.connected.address, report.walletAddress), `connected as ${report.connected.address}`],
    [
      report.connected.caipNetworkId === first.caipNetworkId,
      `connected on ${report.connected.caipNetworkId}`,
    ],
    [same(report.signature.address, report.walletAddress), `signed by ${report.signature.address}`],
    [report.signature.recovered, 'the signature does not recover to the wallet’s address'],
    [report.signature.adapterVerified, 'the adapter’s verifyMessage rejected the signature'],
    [report.sent.received === report.sent.value, `the recipient got ${report.sent.received}`],
    [report.switched.adapter === second.caipNetworkId, `the adapter is on ${report.switched.adapter}`],
    [report.switched.wallet === second.caipNetworkId, `the wallet is on ${report.switched.wallet}`],
    [same(report.restored.address, report.walletAddress), `restored ${report.restored.address}`],
    [report.restored.newProposals === 0, `the restore proposed ${report.restored.newProposals} sessions`],
    [report.restored.newPrompts === 0, `the restore prompted ${report.restored.newPrompts} times`],
    [!report.disconnected.dappSession, 'the dApp kept its session after disconnect'],
    [report.disconnected.walletSessions === 0, 'the wallet kept its session after disconnect'],
  ]
  return expectations.filter(([ok]) => !ok).map(([, problem]) => problem)
}
