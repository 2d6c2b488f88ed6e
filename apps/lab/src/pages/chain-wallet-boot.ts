// Runs before /solana, /bitcoin and /multichain in development and test builds (a classic script after the
// Solana and Bitcoin test wallets' inject bundles and the EVM wallet boot): creates the wallets the page names in
// `<html data-lab-wallets>`, restoring whether each one holds the site's permission and its network from the
// page's localStorage, as an extension would. `window.labChainWallets` holds them.
import type { createBitcoinTestWallet } from '@latchkey/bitcoin-wallet'
import type { createMultichainTestWallet, createSolanaTestWallet } from '@latchkey/solana-wallet'
import { toLabConfig } from '../config.js'
import {
  type ChainWalletKind,
  chainWalletKindsOf,
  decodeSecretKey,
  MULTICHAIN_WALLET,
  readBitcoinAccount,
  readChainWalletSessions,
  readSolanaKey,
  readWalletSettings,
  writeChainWalletSessions,
} from '../lab/wallet-settings.js'

type SolanaWallet = ReturnType<typeof createSolanaTestWallet>
type BitcoinWallet = ReturnType<typeof createBitcoinTestWallet>
type MultichainWallet = ReturnType<typeof createMultichainTestWallet>

declare global {
  interface Window {
    LatchkeySolanaTestWallet?: {
      createSolanaTestWallet: typeof createSolanaTestWallet
      createMultichainTestWallet: typeof createMultichainTestWallet
    }
    LatchkeyBitcoinTestWallet?: { createBitcoinTestWallet: typeof createBitcoinTestWallet }
    labChainWallets?: { solana?: SolanaWallet; bitcoin?: BitcoinWallet; multichain?: MultichainWallet }
  }
}

/** `items` with the one `first` picks moved to the front (the wallet's current network comes first). */
function firstWhere<T>(items: readonly T[], first: (item: T) => boolean): T[] {
  const found = items.find(first)
  return found ? [found, ...items.filter((item) => item !== found)] : [...items]
}

function boot(): void {
  const text = document.getElementById('lab-config')?.textContent
  const kinds = chainWalletKindsOf(document.documentElement.dataset.labWallets)
  if (!text || kinds.length === 0) return
  const config = toLabConfig(JSON.parse(text))
  const sessions = readChainWalletSessions(localStorage)
  const { policy } = readWalletSettings(localStorage)
  const wallets: NonNullable<Window['labChainWallets']> = {}
  const secretKey = readSolanaKey(localStorage) ?? decodeSecretKey(config.wallets?.solanaSecretKey)
  const clusters = (kind: ChainWalletKind) =>
    firstWhere(
      config.solana.clusters.map(({ name, rpcUrl, genesisHash }) => ({ name, rpcUrl, genesisHash })),
      (cluster) => cluster.name === sessions[kind]?.network,
    )
  const solanaFactory = window.LatchkeySolanaTestWallet
  if (kinds.includes('solana') && solanaFactory && secretKey) {
    const wallet = solanaFactory.createSolanaTestWallet({
      secretKeys: [secretKey],
      clusters: clusters('solana'),
      policy,
      connected: sessions.solana?.connected === true,
    })
    wallet.register()
    wallets.solana = wallet
  }
  const bitcoinFactory = window.LatchkeyBitcoinTestWallet
  if (kinds.includes('bitcoin') && bitcoinFactory) {
    const saved = config.bitcoin.networks.find((n) => n.name === sessions.bitcoin?.network)
    const wallet = bitcoinFactory.createBitcoinTestWallet({
      networks: config.bitcoin.networks.map(({ name, network, esploraUrl }) => ({
        name,
        network,
        esploraUrl,
      })),
      ...(saved ? { network: saved.name } : {}),
      accountIndices: [readBitcoinAccount(localStorage)],
      policy,
      connected: sessions.bitcoin?.connected === true,
    })
    wallet.injectSatsConnect()
    wallet.registerStandard()
    wallets.bitcoin = wallet
  }
  const evmFactory = window.LatchkeyTestWallet
  let multichainChainId = (): number | undefined => undefined
  if (kinds.includes('multichain') && solanaFactory && evmFactory && secretKey) {
    const chains = config.evm.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name }))
    const session = sessions.multichain
    const evmWallet = evmFactory.createTestWallet({
      ...MULTICHAIN_WALLET,
      chains,
      ...(config.evm.mnemonic ? { mnemonic: config.evm.mnemonic } : {}),
      accountIndices: [0],
      ...(chains.some((c) => c.chainId === session?.chainId) ? { chainId: session?.chainId } : {}),
      policy,
      connected: session?.connected === true,
    })
    const wallet = solanaFactory.createMultichainTestWallet({
      evmWallet,
      solana: {
        secretKeys: [secretKey],
        clusters: clusters('multichain'),
        connected: session?.solanaConnected === true,
      },
    })
    wallet.announce()
    wallets.multichain = wallet
    multichainChainId = () => evmWallet.chainId
  }
  // What each wallet holds when the page goes (a reload, a navigation): it starts from there next time.
  addEventListener('pagehide', () => {
    writeChainWalletSessions(localStorage, {
      ...(wallets.solana
        ? { solana: { connected: wallets.solana.connected, network: wallets.solana.cluster.name } }
        : {}),
      ...(wallets.bitcoin
        ? { bitcoin: { connected: wallets.bitcoin.connected, network: wallets.bitcoin.network.name } }
        : {}),
      ...(wallets.multichain
        ? {
            multichain: {
              connected: wallets.multichain.evm.connected,
              solanaConnected: wallets.multichain.solana.connected,
              network: wallets.multichain.solana.cluster.name,
              chainId: multichainChainId(),
            },
          }
        : {}),
    })
  })
  window.labChainWallets = wallets
}

boot()
