// Discovery through @wallet-standard/app's getWallets(), which talks over `window` events. Node has no window,
// so this file gives it a bare EventTarget: the registration protocol itself runs unchanged.
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSolanaTestWallet } from '../src/index.js'

const globals = globalThis as { window?: EventTarget }
beforeAll(() => {
  globals.window = new EventTarget()
})
afterAll(() => {
  delete globals.window
})

const secretKey = new Uint8Array(64)
const options = (name: string) => ({
  name,
  secretKeys: [secretKey],
  clusters: [{ name: 'Local', rpcUrl: 'http://127.0.0.1:1', chain: 'solana:local' as const }],
})

it('is found by getWallets whether it registers before or after the app', async () => {
  const { Keypair } = await import('@solana/web3.js')
  secretKey.set(Keypair.generate().secretKey)
  const early = createSolanaTestWallet(options('Early'))
  early.register()
  const wallets = getWallets()
  const late = createSolanaTestWallet(options('Late'))
  const registered: string[] = []
  wallets.on('register', (...added) => registered.push(...added.map((wallet) => wallet.name)))
  late.register(globals.window)
  expect(wallets.get().map((wallet) => wallet.name)).toEqual(['Early', 'Late'])
  expect(registered).toEqual(['Late'])
  expect(wallets.get()[0]?.chains).toEqual(['solana:local'])
})
