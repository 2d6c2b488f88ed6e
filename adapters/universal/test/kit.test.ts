// The session's life through a headless kit: one WalletConnect session for eip155 and solana (one proposal), each
// namespace's adapter adopting it; a reload restores both with no prompt; the wallet moving to a chain the kit does
// not know sets the unsupported network; disconnecting one namespace takes the other with it; the wallet ending the
// session disconnects both in the kit. The wallet is WalletKit behind the local relay, on the local chains.
import {
  createKitCore,
  createMemoryStorage,
  type KitCore,
  type KitStorage,
  nodeEnvironment,
} from '@latchkey/core'
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import type { WcWallet } from '@latchkey/wc-wallet'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { UniversalAdapter } from '../src/index.js'
import {
  closeProvider,
  evmNetworks,
  fundedWcWallet,
  newProvider,
  pairOnDisplayUri,
  solanaNetworks,
  until,
  verifySolanaWithNode,
} from './support.js'

type Provider = Awaited<ReturnType<typeof newProvider>>

let relay: LocalRelay
const kits: KitCore[] = []
const cleanups: (() => Promise<void> | void)[] = []

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  await relay?.close()
})

/** A headless kit over eip155 and solana, WalletConnect on, handed `provider` as its shared session. */
function kitFor(provider: Provider, storage: KitStorage): KitCore {
  const kit = createKitCore(
    {
      networks: [...evmNetworks, ...solanaNetworks],
      adapters: [
        new UniversalAdapter({ namespace: 'eip155' }),
        new UniversalAdapter({ namespace: 'solana' }),
      ],
      metadata: {
        name: 'Kit over WalletConnect',
        description: 'universal',
        url: 'http://127.0.0.1',
        icons: [],
      },
      enableWalletConnect: true,
      storage,
      environment: nodeEnvironment(),
    },
    { getWalletConnectProvider: async () => provider },
  )
  kits.push(kit)
  return kit
}

async function world(): Promise<{ wallet: WcWallet; provider: Provider; storage: KitStorage }> {
  const wallet = await fundedWcWallet(relay.url, ['eip155', 'solana'])
  const provider = await newProvider(relay.url, [...evmNetworks, ...solanaNetworks])
  const stop = pairOnDisplayUri(wallet, provider)
  cleanups.push(async () => {
    stop()
    await wallet.close()
    await closeProvider(provider)
  })
  return { wallet, provider, storage: createMemoryStorage() }
}

const connected = (kit: KitCore, namespace: 'eip155' | 'solana') =>
  kit.controllers.chain.state.get().namespaces[namespace]?.account

describe('a kit over one WalletConnect session', () => {
  test('connects eip155 and solana with one proposal, signs on both, and restores both after a reload', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()

    expect(wallet.proposals).toHaveLength(1)
    const evm = connected(kit, 'eip155')
    const sol = connected(kit, 'solana')
    expect(evm?.status).toBe('connected')
    expect(sol?.status).toBe('connected')
    expect(evm?.address?.toLowerCase()).toBe(
      wallet.accounts(evmNetworks[0]!.caipNetworkId)[0]?.split(':')[2]?.toLowerCase(),
    )
    expect(sol?.caipAddress).toBe(wallet.accounts(solanaNetworks[0]!.caipNetworkId)[0])

    const evmSignature = await kit.signMessage('one session, two chains', 'eip155')
    expect(
      await verifyMessage({
        address: evm?.address as `0x${string}`,
        message: 'one session, two chains',
        signature: evmSignature as `0x${string}`,
      }),
    ).toBe(true)
    const solSignature = await kit.signMessage('one session, two chains', 'solana')
    expect(verifySolanaWithNode(sol?.address ?? '', 'one session, two chains', solSignature)).toBe(true)

    // A reload: a new kit on the same storage and the same provider (which kept the session).
    kits.splice(kits.indexOf(kit), 1)[0]?.destroy()
    const prompts = wallet.log.filter((entry) => entry.prompted).length
    const reloaded = kitFor(provider, storage)
    await reloaded.ready
    expect(connected(reloaded, 'eip155')?.status).toBe('connected')
    expect(connected(reloaded, 'solana')?.caipAddress).toBe(sol?.caipAddress)
    expect(wallet.proposals).toHaveLength(1)
    expect(wallet.log.filter((entry) => entry.prompted)).toHaveLength(prompts)
    // The restored adapters sign through the session.
    expect(await reloaded.signMessage('after the reload', 'solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  })

  test('a chain the kit does not know sets the unsupported network; the wallet ending the session disconnects both', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const topic = provider.session?.topic
    expect(topic).toBeDefined()

    await wallet.emit({ name: 'chainChanged', data: '0x539' }, evmNetworks[0]!.caipNetworkId)
    await until(
      () => kit.controllers.chain.state.get().namespaces.eip155?.caipNetwork?.caipNetworkId === 'eip155:1337',
      'the unknown chain',
    )
    expect(kit.controllers.chain.state.get().namespaces.eip155?.caipNetwork?.name).toBe('Unknown Network')

    await wallet.disconnect()
    await until(
      () =>
        connected(kit, 'eip155')?.status === 'disconnected' &&
        connected(kit, 'solana')?.status === 'disconnected',
      'both namespaces to disconnect',
    )
    expect(provider.session).toBeUndefined()
  })

  test('disconnecting one namespace ends the session and takes the other with it', async () => {
    const { wallet, provider, storage } = await world()
    const kit = kitFor(provider, storage)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    expect(wallet.sessions).toHaveLength(1)

    await kit.disconnect('solana')
    expect(connected(kit, 'eip155')?.status).toBe('disconnected')
    expect(connected(kit, 'solana')?.status).toBe('disconnected')
    expect(provider.session).toBeUndefined()
    await until(() => wallet.sessions.length === 0, 'the wallet to hear the disconnect')

    // Nothing comes back after a reload.
    const reloaded = kitFor(provider, storage)
    await reloaded.ready
    expect(connected(reloaded, 'eip155')?.status).toBe('disconnected')
    expect(connected(reloaded, 'solana')?.status).toBe('disconnected')
  })
})
