#!/usr/bin/env node
// `npm start`: the local stack and, on top of it, the lab and the wallet simulator, until Ctrl-C / SIGTERM.
import { LAB_PAGES, labPortFromEnv, startLab } from '@latchkey/lab'
import { runStack } from '@latchkey/stack'
import { startWalletSim, walletPortFromEnv } from '@latchkey/wallet-sim'

runStack({
  name: 'latchkey-start',
  async extras(info) {
    const lab = await startLab({ port: labPortFromEnv(), config: info })
    let wallet: Awaited<ReturnType<typeof startWalletSim>>
    try {
      wallet = await startWalletSim({ port: walletPortFromEnv(), config: info })
    } catch (error) {
      await lab.stop()
      throw error
    }
    const pages = Object.keys(LAB_PAGES).map((page) => `  ${lab.url}/${page}`)
    return {
      lines: [
        '',
        'The lab (the test wallets are injected; their settings panel is on every page)',
        `  ${lab.url}/`,
        ...pages,
        '',
        'The wallet simulator (a phone wallet for WalletConnect: paste a wc: URI; ?auto=1 approves everything)',
        `  ${wallet.url}/`,
      ],
      stop: async () => {
        await wallet.stop()
        await lab.stop()
      },
    }
  },
}).catch((error: unknown) => {
  console.error('latchkey-start: failed to start:', error)
  process.exit(1)
})
