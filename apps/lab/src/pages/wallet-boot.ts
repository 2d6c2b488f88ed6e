// Runs before each page's bundle in development and test builds (a classic script after the test wallet's
// inject bundle): creates and announces the EVM test wallets the settings ask for, restoring each one's
// connection and chain from the page's localStorage as a browser extension would. `window.labWallets` holds them.
import type { createTestWallet, TestWallet } from '@latchkey/evm-wallet'
import { toLabConfig } from '../config.js'
import {
  LAB_WALLETS,
  readWalletKey,
  readWalletSettings,
  updateWalletSettings,
} from '../lab/wallet-settings.js'

declare global {
  interface Window {
    LatchkeyTestWallet?: { createTestWallet: typeof createTestWallet }
    labWallets?: TestWallet[]
  }
}

function boot(): void {
  const factory = window.LatchkeyTestWallet
  const text = document.getElementById('lab-config')?.textContent
  if (!factory || !text) return
  const config = toLabConfig(JSON.parse(text))
  const chains = config.evm.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name }))
  const settings = readWalletSettings(localStorage)
  const key = readWalletKey(localStorage)
  const wallets: TestWallet[] = []
  for (const { name, rdns } of LAB_WALLETS.slice(0, settings.count)) {
    const session = settings.sessions[rdns]
    const chainId = chains.some((chain) => chain.chainId === session?.chainId) ? session?.chainId : undefined
    const wallet = factory.createTestWallet({
      name,
      rdns,
      chains,
      ...(key ? { privateKeys: [key] } : { mnemonic: config.evm.mnemonic, accountIndices: [0] }),
      ...(chainId === undefined ? {} : { chainId }),
      policy: settings.policy,
      connected: session?.connected === true,
      tokens: chains.map((chain) => ({
        chainId: chain.chainId,
        address: config.evm.tokens.LUSD,
        name: 'Latchkey USD',
        symbol: 'LUSD',
        decimals: 6,
      })),
    })
    const remember = () =>
      updateWalletSettings(localStorage, (s) => {
        s.sessions[rdns] = { connected: wallet.connected, chainId: wallet.chainId }
      })
    wallet.provider.on('accountsChanged', remember)
    wallet.provider.on('chainChanged', remember)
    wallet.announce()
    wallets.push(wallet)
  }
  window.labWallets = wallets
}

boot()
