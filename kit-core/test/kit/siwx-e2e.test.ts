/**
 * Sign-in with the wallet through the real path: the default EIP-4361 SIWX of the core, a headless kit with the
 * reference adapter, the real test wallet signing on the local chain, and the signature checked by the adapter's
 * verifyMessage (viem) — core itself imports no chain library.
 */
import { createTestWallet } from '@latchkey/evm-wallet'
import type { LocalStackInfo } from '@latchkey/stack'
import { createTestClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import {
  createDefaultSiwx,
  createKitCore,
  createMemoryStorage,
  type KitCore,
  nodeEnvironment,
  withRpcUrl,
} from '../../src/index.js'
import { latchkeyLocal } from '../../src/networks/local.js'
import { ReferenceEvmAdapter } from '../reference/reference-adapter.js'

const stack: LocalStackInfo = inject('stack')
const rpc = stack.evm.chains[0]?.rpcUrl ?? ''
const local = withRpcUrl(latchkeyLocal, rpc)
const kits: KitCore[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

test('[§4.38] a required sign-in opens on connect, signs, verifies through the adapter, and survives a reload', async () => {
  const key = generatePrivateKey()
  await createTestClient({ mode: 'anvil', transport: http(rpc, { retryCount: 0 }) }).setBalance({
    address: privateKeyToAddress(key),
    value: 10n ** 18n,
  })
  const wallet = createTestWallet({
    rdns: 'dev.latchkey.siwx',
    privateKeys: [key],
    chains: [{ chainId: 31337, rpcUrl: rpc }],
  })
  const page = new EventTarget()
  wallet.announce(page)
  const storage = createMemoryStorage()
  const verifier = new ReferenceEvmAdapter()

  const makeKit = (signOutOnDisconnect = false) => {
    const adapter = new ReferenceEvmAdapter()
    const defaults = createDefaultSiwx({
      storage,
      domain: 'app.example',
      uri: 'https://app.example/',
      statement: 'Sign in to the example app.',
      required: true,
      verifyMessage: ({ address, message, signature }) =>
        verifier.verifyMessage({ address, message, signature, network: local }),
    })
    const siwx = { ...defaults, signOutOnDisconnect }
    const kit = createKitCore({
      networks: [local],
      adapters: [adapter],
      siwx,
      metadata: { name: 'SIWX', description: 'e2e', url: 'https://app.example', icons: [] },
      storage,
      environment: nodeEnvironment({ window: page as unknown as Window }),
    })
    kits.push(kit)
    return kit
  }

  await verifier.init({ networks: [local], options: {}, storage: createMemoryStorage() })
  const kit = makeKit()
  await kit.ready
  await kit.connect({ connectorId: 'dev.latchkey.siwx', namespace: 'eip155' })
  await expect.poll(() => kit.controllers.router.state.get().view).toBe('SIWXSignMessage')
  expect(kit.getState().open).toBe(true)
  // Sign-in is required and there is no session: the modal will not close.
  expect(await kit.controllers.modal.close()).toBe(false)

  expect(await kit.controllers.siwx.requestSignMessage()).toBe(true)
  expect(kit.getState().open).toBe(false)
  const sessions = await kit.controllers.siwx.getSessions()
  expect(sessions).toHaveLength(1)
  expect(sessions[0]?.message).toContain('app.example wants you to sign in with your Ethereum account:')
  expect(sessions[0]?.message).toContain(wallet.address)
  expect(wallet.log.filter((entry) => entry.method === 'personal_sign')).toHaveLength(1)

  // A reload restores the connection and finds the session: no new signature is asked for.
  const reloaded = makeKit()
  await reloaded.ready
  expect(reloaded.getAccount().isConnected).toBe(true)
  expect(await reloaded.controllers.siwx.hasSession()).toBe(true)
  expect(reloaded.getState().open).toBe(false)
  expect(wallet.log.filter((entry) => entry.method === 'personal_sign')).toHaveLength(1)

  // A reload whose account has no session any more (expired, or revoked elsewhere): once the restore confirms the
  // account the page showed from storage, SIWXSignMessage opens.
  const sessionKeys = storage.keys().filter((k) => k.startsWith('siwx_sessions:'))
  const saved = sessionKeys.map((k) => [k, storage.getItem(k) as string] as const)
  for (const k of sessionKeys) storage.removeItem(k)
  const withoutSession = makeKit()
  expect(withoutSession.getAccount().status).toBe('connecting')
  await withoutSession.ready
  expect(withoutSession.getAccount().isConnected).toBe(true)
  await expect.poll(() => withoutSession.controllers.router.state.get().view).toBe('SIWXSignMessage')
  expect(withoutSession.getState().open).toBe(true)
  for (const [k, v] of saved) storage.setItem(k, v)

  // With signOutOnDisconnect, disconnecting revokes the session of the account it signed out.
  const signingOut = makeKit(true)
  await signingOut.ready
  expect(await signingOut.controllers.siwx.hasSession()).toBe(true)
  await signingOut.disconnect()
  // Connecting the same account again finds no session: the wallet is asked to sign in anew.
  await signingOut.connect({ connectorId: 'dev.latchkey.siwx', namespace: 'eip155' })
  expect(await signingOut.controllers.siwx.hasSession()).toBe(false)
  await expect.poll(() => signingOut.controllers.router.state.get().view).toBe('SIWXSignMessage')
})
