// The Solana, Bitcoin and multi-chain test wallets as the settings panel sees them: a state line, the policy,
// their held requests, and the wallet-side network change. Browser-only code.
import type { ApprovalPolicy } from '@latchkey/evm-wallet'

/** One held request, with the simulated user's two answers. */
export interface HeldRequest {
  /** Unique on the page (wallet and request id). */
  key: string
  method: string
  approve(): void
  reject(): void
}

/** A non-EVM test wallet in the settings panel. */
export interface PanelWallet {
  name: string
  /** Connected or not, the network, the address. */
  describe(): string
  setPolicy(policy: ApprovalPolicy): void
  held(): HeldRequest[]
  /** The wallet moves itself to its next network (a user action in the wallet), when it has several. */
  switchNetwork?: { label: string; run(): void }
}

interface Held {
  id: number
  method: string
}

interface SolanaLike {
  readonly connected: boolean
  readonly address: string
  readonly cluster: { readonly name: string }
  setPolicy(policy: ApprovalPolicy): void
  pending(): Held[]
  approve(id: number): void
  reject(id: number): void
  switchCluster(name: string): void
}

interface BitcoinLike {
  readonly name: string
  readonly connected: boolean
  readonly paymentAddress: string
  readonly network: { readonly name: string }
  readonly networks: readonly { readonly name: string }[]
  setPolicy(policy: ApprovalPolicy): void
  pending(): Held[]
  approve(id: number): void
  reject(id: number): void
  switchNetwork(name: string): void
}

interface MultichainLike {
  readonly name: string
  readonly evm: { readonly connected: boolean }
  readonly solana: SolanaLike
  setPolicy(policy: ApprovalPolicy): void
  pending(): (Held & { namespace: 'eip155' | 'solana' })[]
  approve(request: { namespace: 'eip155' | 'solana'; id: number }): void
  reject(request: { namespace: 'eip155' | 'solana'; id: number }): void
}

const state = (connected: boolean) => (connected ? 'Connected' : 'Not connected')

/** The name after `current` in `names`, wrapping round; undefined when there is no other. */
function nextOf(names: readonly string[], current: string): string | undefined {
  if (names.length < 2) return undefined
  return names[(names.indexOf(current) + 1) % names.length]
}

/** The Solana test wallet; `clusters` are the names of the page's clusters, in order. */
export function solanaPanelWallet(
  name: string,
  wallet: SolanaLike,
  clusters: readonly string[],
): PanelWallet {
  return {
    name,
    describe: () => `${state(wallet.connected)} · ${wallet.cluster.name} · ${wallet.address}`,
    setPolicy: (policy) => wallet.setPolicy(policy),
    held: () =>
      wallet.pending().map((request) => ({
        key: `solana:${request.id}`,
        method: request.method,
        approve: () => wallet.approve(request.id),
        reject: () => wallet.reject(request.id),
      })),
    switchNetwork: {
      label: 'Wallet: switch to the other cluster',
      run: () => {
        const next = nextOf(clusters, wallet.cluster.name)
        if (next) wallet.switchCluster(next)
      },
    },
  }
}

export function bitcoinPanelWallet(wallet: BitcoinLike): PanelWallet {
  return {
    name: wallet.name,
    describe: () => `${state(wallet.connected)} · ${wallet.network.name} · ${wallet.paymentAddress}`,
    setPolicy: (policy) => wallet.setPolicy(policy),
    held: () =>
      wallet.pending().map((request) => ({
        key: `bitcoin:${request.id}`,
        method: request.method,
        approve: () => wallet.approve(request.id),
        reject: () => wallet.reject(request.id),
      })),
    switchNetwork: {
      label: 'Wallet: switch to the other Bitcoin network',
      run: () => {
        const next = nextOf(
          wallet.networks.map((n) => n.name),
          wallet.network.name,
        )
        if (next) wallet.switchNetwork(next)
      },
    },
  }
}

export function multichainPanelWallet(wallet: MultichainLike): PanelWallet {
  const { evm, solana } = wallet
  return {
    name: wallet.name,
    describe: () =>
      `EVM ${state(evm.connected).toLowerCase()}; Solana ${state(solana.connected).toLowerCase()} · ` +
      `${solana.cluster.name} · ${solana.address}`,
    setPolicy: (policy) => wallet.setPolicy(policy),
    held: () =>
      wallet.pending().map((request) => ({
        key: `multichain:${request.namespace}:${request.id}`,
        method: request.method,
        approve: () => wallet.approve(request),
        reject: () => wallet.reject(request),
      })),
  }
}
