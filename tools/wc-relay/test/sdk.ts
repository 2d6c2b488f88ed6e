// The official SDKs as a dApp (sign-client) and a wallet (WalletKit over its own Core), pointed at a local relay.
import { type IWalletKit, WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ICore, SessionTypes } from '@walletconnect/types'

// The SDKs' own test-run switch (isTestRun() reads IS_VITEST, which vitest itself does not set). Without it the
// wallet fetches the Verify attestation of every proposal and request from the internet, and WalletKit posts an
// INIT telemetry event whatever `telemetryEnabled` says; the network guard fails any test that tries.
process.env.IS_VITEST = 'true'

const PROJECT_ID = 'latchkey-local-relay-test'
export const CHAIN = 'eip155:31337'
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let clients = 0
/** Each client gets its own storage prefix: two clients sharing one would share one global Core. */
function coreOptions(relayUrl: string) {
  clients += 1
  return {
    projectId: PROJECT_ID,
    relayUrl,
    customStoragePrefix: `wc-relay-test-${process.pid}-${clients}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: process.env.WC_RELAY_TEST_LOG ?? 'silent',
  }
}

export type Dapp = Awaited<ReturnType<typeof SignClient.init>>

export function createDapp(relayUrl: string): Promise<Dapp> {
  return SignClient.init({
    ...coreOptions(relayUrl),
    metadata: { name: 'Relay test dApp', description: 'dApp side', url: 'http://127.0.0.1', icons: [] },
  })
}

export async function createWallet(relayUrl: string): Promise<IWalletKit> {
  const core = new Core(coreOptions(relayUrl))
  return WalletKit.init({
    core,
    metadata: { name: 'Relay test wallet', description: 'wallet side', url: 'http://127.0.0.1', icons: [] },
  })
}

/** What the dApp asks for. */
export const REQUIRED_NAMESPACES = {
  eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] },
}

/** What the wallet grants. */
export const APPROVED_NAMESPACES: SessionTypes.Namespaces = {
  eip155: {
    chains: [CHAIN],
    methods: ['personal_sign'],
    events: ['chainChanged', 'accountsChanged'],
    accounts: [`${CHAIN}:${ADDRESS}`],
  },
}

/** Closes a client's socket and stops its timers, so nothing outlives the test. */
export async function shutDown(core: ICore): Promise<void> {
  await core.relayer.transportClose().catch(() => {})
  core.heartbeat.stop()
}

/** Resolves with the first emission of `event` by an SDK client. */
export function nextEvent<T>(
  client: { once: (event: never, listener: (payload: T) => void) => unknown },
  event: string,
): Promise<T> {
  return new Promise((resolve) => client.once(event as never, resolve))
}
