/**
 * The WalletConnect connector of the Bitcoin adapter, end to end: the kit's WalletConnect provider
 * (@latchkey/adapter-universal) on the stack's relay, and the WalletConnect test wallet (WalletKit) answering bip122
 * for real on the stack's regtest and testnet nodes. Nothing is mocked: the wallet pairs with the URI the provider
 * shows, signatures are checked with the adapter's verifyMessage, transfers and PSBTs are read back from Esplora,
 * and the wallet's own log says what reached it and what prompted the user. The core's conformance suite then runs
 * over the WalletConnect connector, each check with a wallet and a provider of its own.
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { createWalletConnectProvider } from '@latchkey/adapter-universal'
import {
  type AdapterAccount,
  type AdapterEvents,
  bitcoin,
  type CaipNetwork,
  createMemoryStorage,
  type KitStorage,
  ProviderRpcError,
  proposalNamespace,
} from '@latchkey/core'
import { formatConformanceReport, runConformanceSuite } from '@latchkey/core/testing'
import type { LocalStackInfo } from '@latchkey/stack'
import { createWcWallet, pairOnDisplayUri, type WcWallet } from '@latchkey/wc-wallet'
import { networks as bnetworks, initEccLib, Psbt, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BitcoinAdapter } from '../src/index.js'
import {
  balanceOf,
  chainProbe,
  findTransaction,
  freshAddress,
  fundedKeys,
  localRegtest,
  localTestnet,
  networks,
  transferPsbt,
  verifyBip137,
} from './support.js'

// The SDKs' own test-run switch: without it the wallet fetches a Verify attestation from the internet for every
// proposal and request (there is no option to turn that off), which the test network guard refuses.
process.env.IS_VITEST = 'true'

const stack: LocalStackInfo = inject('stack')
const REGTEST = localRegtest.caipNetworkId
const TESTNET = localTestnet.caipNetworkId
const METADATA = {
  name: 'Bitcoin adapter test dApp',
  description: 'adapter-bitcoin',
  url: 'http://127.0.0.1',
  icons: [],
}

type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>
type Keys = { payment: string; ordinals: string }

let keys: Keys[]
let wallet: WcWallet
let provider: Provider
let stopPairing: () => void
const storage = createMemoryStorage()
let adapter: BitcoinAdapter

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** The addresses the wallet must show for `key` on `network`, derived here independently of the wallets. */
function expected(key: Keys, network: CaipNetwork) {
  initEccLib(ecc)
  const params = network.caipNetworkId === REGTEST ? bnetworks.regtest : bnetworks.testnet
  const paymentKey = ecc.pointFromScalar(Buffer.from(key.payment, 'hex'), true)!
  const ordinalsKey = ecc.xOnlyPointFromScalar(Buffer.from(key.ordinals, 'hex'))
  return {
    payment: payments.p2wpkh({ pubkey: paymentKey, network: params }).address!,
    paymentKey: hex(paymentKey),
    ordinals: payments.p2tr({ internalPubkey: ordinalsKey, network: params }).address!,
    ordinalsKey: hex(ordinalsKey),
  }
}

/** A WalletConnect test wallet holding `held` on both local networks. */
const newWallet = (held: Keys[]) =>
  createWcWallet({
    relayUrl: stack.relay.url,
    bitcoin: {
      keys: held,
      networks: stack.bitcoin.networks.map(({ name, network, esploraUrl }) => ({
        name,
        network,
        esploraUrl,
      })),
    },
  })

let providers = 0

/** The kit's WalletConnect provider on the stack's relay, with SDK state of its own. */
function newProvider(): Promise<Provider> {
  providers += 1
  return createWalletConnectProvider({
    projectId: 'latchkey-bitcoin-test',
    metadata: METADATA,
    relayUrl: stack.relay.url,
    storagePrefix: `adapter-bitcoin-walletconnect-${process.pid}-${providers}`,
    storageOptions: { database: ':memory:' },
    rpcUrls: Object.fromEntries(
      networks.map((network) => [network.caipNetworkId, network.rpcUrls.default.http[0]]),
    ),
  })
}

/** Closes a provider's relay socket and stops its timers, so the run can end. */
async function closeProvider(target: Provider | undefined) {
  await target?.sdk.client.core.relayer.transportClose().catch(() => undefined)
  target?.sdk.client.core.heartbeat.stop()
}

/** An adapter of the kit, with `shared` as the kit's WalletConnect provider (none when undefined). */
async function adapterOver(shared: Provider | undefined, store: KitStorage) {
  const created = new BitcoinAdapter()
  await created.init({
    networks,
    options: {},
    storage: store,
    ...(shared ? { getWalletConnectProvider: async () => shared } : {}),
  })
  return created
}

/** An adapter of this file's kit: its storage, and its WalletConnect provider unless told otherwise. */
const newAdapter = (withWalletConnect = true) =>
  adapterOver(withWalletConnect ? provider : undefined, storage)

/**
 * Records the adapter's connection events from now on, and the accounts it answers when networkChanged is heard
 * (what the kit reads then: one event per cause, the accounts moved with the network).
 */
function record(target: BitcoinAdapter) {
  const seen = {
    accountsChanged: [] as AdapterEvents['accountsChanged'][],
    networkChanged: [] as (AdapterEvents['networkChanged'] & { accounts: readonly AdapterAccount[] })[],
    disconnected: [] as AdapterEvents['disconnected'][],
  }
  const stops = [
    target.on('accountsChanged', (event) => seen.accountsChanged.push(event)),
    target.on('networkChanged', (event) =>
      seen.networkChanged.push({ ...event, accounts: target.getAccounts() }),
    ),
    target.on('disconnected', (event) => seen.disconnected.push(event)),
  ]
  return {
    seen,
    counts: () => [seen.networkChanged.length, seen.accountsChanged.length, seen.disconnected.length],
    stop: () => {
      for (const stop of stops) stop()
    },
  }
}

/** Lets late events arrive before they are counted (a second event of one cause would come within this). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500))

const verify = (address: string, message: string, signature: string) =>
  adapter.verifyMessage({ address, message, signature, network: localRegtest })

/** A call's rejection, for assertions on its class and code. */
const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => undefined,
    (error: unknown) => error,
  )

/** The wallet's next held request is answered with `result` through its own SDK, as a hostile wallet would. */
async function answerWith(result: unknown) {
  const request = await wallet.nextRequest()
  await wallet.walletKit.respondSessionRequest({
    topic: request.topic,
    response: { id: request.id, jsonrpc: '2.0', result },
  })
  // Settles the held entry; the SDK refuses its second answer (the request is answered already).
  wallet.rejectRequest(request.id)
}

beforeAll(async () => {
  keys = await fundedKeys(2)
  wallet = await newWallet(keys)
  provider = await newProvider()
  // The user scans every QR code the dApp shows.
  stopPairing = pairOnDisplayUri(wallet, provider)
  adapter = await newAdapter()
})

afterAll(async () => {
  adapter?.destroy()
  stopPairing?.()
  await wallet?.close()
  await closeProvider(provider)
})

describe('the WalletConnect connector', () => {
  it('is offered, first, only when the kit hands the adapter a WalletConnect provider', async () => {
    expect(adapter.getConnectors()[0]).toEqual({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'bip122',
      networkSwitch: 'adapter',
    })
    const without = await newAdapter(false)
    expect(without.getConnectors().some((connector) => connector.type === 'WALLET_CONNECT')).toBe(false)
    without.destroy()
  })

  it('reports a rejected proposal as ProviderRpcError 4001 and leaves nothing behind', async () => {
    wallet.setPolicy('reject')
    try {
      const error = await failure(() => adapter.connect({ connectorId: 'walletConnect' }))
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect((error as ProviderRpcError).code).toBe(4001)
    } finally {
      wallet.setPolicy('approve')
    }
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(provider.session).toBeUndefined()
    expect(storage.keys()).toEqual([])
  })

  it('connects: the wallet pairs on display_uri and approves; payment accounts then the ordinals one, on regtest', async () => {
    const proposals = wallet.proposals.length
    const result = await adapter.connect({ connectorId: 'walletConnect', network: localRegtest })

    expect(wallet.proposals).toHaveLength(proposals + 1)
    expect(wallet.proposals.at(-1)?.optionalNamespaces.bip122?.chains).toEqual([REGTEST, TESTNET])
    const [first, second] = keys.map((key) => expected(key, localRegtest))
    expect(result).toEqual({
      connectorId: 'walletConnect',
      network: localRegtest,
      accounts: [
        {
          address: first!.payment,
          caipAddress: `${REGTEST}:${first!.payment}`,
          type: 'payment',
          publicKey: first!.paymentKey,
        },
        { address: second!.payment, caipAddress: `${REGTEST}:${second!.payment}`, type: 'payment' },
        {
          address: first!.ordinals,
          caipAddress: `${REGTEST}:${first!.ordinals}`,
          type: 'ordinal',
          publicKey: first!.ordinalsKey,
        },
      ],
    })
    expect(adapter.getAccounts()).toEqual(result.accounts)
    expect(adapter.getNetwork()).toEqual(localRegtest)
    expect(await storage.getItem('connector')).toBe('walletConnect')
    expect(adapter.getWalletProvider()).toBe(provider)
    // Nothing prompted the user beyond the proposal: the wallet was only asked for the addresses, on both networks
    // the session approved, while the user was at it.
    expect(wallet.log.map((entry) => [entry.method, entry.chainId, entry.prompted]).sort()).toEqual([
      ['getAccountAddresses', TESTNET, false],
      ['getAccountAddresses', REGTEST, false],
    ])
  })

  it('signs messages over WalletConnect, ECDSA and BIP-322, and verifyMessage checks them', async () => {
    const [payment, other, ordinal] = adapter.getAccounts().map((account) => account.address)
    const message = 'Sign in to lab.latchkey.test\nNonce: 7d1e2a'
    const signed = wallet.log.length

    const ecdsa = await adapter.signMessage({ message, address: payment, protocol: 'ecdsa' })
    expect(ecdsa.address).toBe(payment)
    expect(Buffer.from(ecdsa.signature, 'base64')).toHaveLength(65)
    expect(await verify(payment!, message, ecdsa.signature)).toBe(true)
    expect(await verify(payment!, `${message}!`, ecdsa.signature)).toBe(false)
    // The same signature checked independently of the adapter.
    expect(verifyBip137(payment!, message, ecdsa.signature)).toBe(true)

    const taproot = await adapter.signMessage({ message, address: ordinal, protocol: 'bip322' })
    expect(Buffer.from(taproot.signature, 'base64')).toHaveLength(66) // a one-item witness: a 64-byte Schnorr
    expect(await verify(ordinal!, message, taproot.signature)).toBe(true)
    expect(await verify(ordinal!, `${message}!`, taproot.signature)).toBe(false)

    const segwit = await adapter.signMessage({ message, address: payment, protocol: 'bip322' })
    expect(await verify(payment!, message, segwit.signature)).toBe(true)
    expect(await verify(payment!, `${message}!`, segwit.signature)).toBe(false)

    // The second account signs for itself: the request names it as the account.
    const second = await adapter.signMessage({ message, address: other, protocol: 'ecdsa' })
    expect(await verify(other!, message, second.signature)).toBe(true)

    expect(wallet.log.slice(signed).map((entry) => [entry.chainId, entry.prompted, entry.params])).toEqual([
      [REGTEST, true, { account: payment, message, address: payment, protocol: 'ecdsa' }],
      [REGTEST, true, { account: payment, message, address: ordinal, protocol: 'bip322' }],
      [REGTEST, true, { account: payment, message, address: payment, protocol: 'bip322' }],
      [REGTEST, true, { account: other, message, address: other, protocol: 'ecdsa' }],
    ])
  })

  it('sends a transfer with sendTransfer (satoshis as text) that lands on regtest', async () => {
    const from = adapter.getAccounts()[0]!.address
    const to = freshAddress(localRegtest)
    const balance = async (address: string) =>
      (await adapter.getBalance({ address, network: localRegtest })).value
    const before = await balance(from)

    const { hash, network } = await adapter.sendTransaction({ to, value: 123_456n })

    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(network).toEqual(localRegtest)
    expect(await balance(to)).toBe(123_456n)
    const { tx, network: landed } = await findTransaction(hash)
    expect(landed.caipNetworkId).toBe(REGTEST)
    expect(before - (await balance(from))).toBe(123_456n + BigInt(tx.fee))
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'sendTransfer',
      chainId: REGTEST,
      prompted: true,
      params: { account: from, recipientAddress: to, amount: '123456' },
    })
  })

  it('signs a PSBT (base64 in and out), then signs and broadcasts it', async () => {
    // The second account's UTXO: the first one's is spent by the transfer above.
    const from = adapter.getAccounts()[1]!.address
    const to = freshAddress(localRegtest)
    const psbt = await transferPsbt(from, to, 50_000n)
    const signInputs = [{ address: from, index: [0] }]

    const signed = await adapter.signPsbt({ psbt, signInputs })
    expect(signed.psbt).toMatch(/^cHNidP8/)
    expect(signed.txid).toBeUndefined()
    expect(Psbt.fromBase64(signed.psbt).data.inputs[0]?.finalScriptWitness).toBeDefined()
    expect(await balanceOf(localRegtest, to)).toBe(0n)

    const before = await balanceOf(localRegtest, from)
    const sent = await adapter.signPsbt({ psbt, signInputs, broadcast: true })
    expect(sent.psbt).toBe(signed.psbt)
    expect(sent.txid).toBe(Psbt.fromBase64(sent.psbt).extractTransaction().getId())
    expect(await balanceOf(localRegtest, to)).toBe(50_000n)
    expect(before - (await balanceOf(localRegtest, from))).toBe(51_000n)
    expect(wallet.log.filter((entry) => entry.method === 'signPsbt').map((entry) => entry.params)).toEqual([
      { account: from, psbt, signInputs: [{ address: from, index: 0 }], broadcast: false },
      { account: from, psbt, signInputs: [{ address: from, index: 0 }], broadcast: true },
    ])
  })

  it('switches to testnet without a wallet prompt when the session approved it; the accounts follow', async () => {
    const events = record(adapter)
    const logged = wallet.log.length
    try {
      expect(await adapter.switchNetwork({ network: localTestnet })).toEqual({
        network: localTestnet,
        via: 'adapter',
      })
      await settle()
      // Nothing reached the wallet: testnet's addresses were learnt at the approval.
      expect(wallet.log).toHaveLength(logged)
      // One event for the one cause; the accounts have moved when it is heard.
      expect(events.counts()).toEqual([1, 0, 0])
      expect(events.seen.networkChanged[0]?.network).toEqual(localTestnet)
      const [first, second] = keys.map((key) => expected(key, localTestnet))
      expect(
        events.seen.networkChanged[0]?.accounts.map((account) => [account.type, account.caipAddress]),
      ).toEqual([
        ['payment', `${TESTNET}:${first!.payment}`],
        ['payment', `${TESTNET}:${second!.payment}`],
        ['ordinal', `${TESTNET}:${first!.ordinals}`],
      ])
      expect(events.seen.networkChanged[0]?.accounts[0]?.publicKey).toBe(first!.paymentKey)
      expect(adapter.getAccounts()).toEqual(events.seen.networkChanged[0]?.accounts)
      expect(adapter.getNetwork()).toEqual(localTestnet)

      // Requests now go to testnet.
      const message = 'on testnet'
      const signed = await adapter.signMessage({ message, protocol: 'ecdsa' })
      expect(signed.address).toBe(first!.payment)
      expect(verifyBip137(first!.payment, message, signed.signature)).toBe(true)
      expect(wallet.log.at(-1)).toMatchObject({ method: 'signMessage', chainId: TESTNET, prompted: true })

      // A network the adapter does not serve is refused; nothing moves.
      const error = await failure(() => adapter.switchNetwork({ network: bitcoin }))
      expect(error).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
      expect(adapter.getNetwork()).toEqual(localTestnet)

      events.stop()
      expect(await adapter.switchNetwork({ network: localRegtest })).toEqual({
        network: localRegtest,
        via: 'adapter',
      })
      expect(adapter.getAccounts()[0]?.caipAddress).toBe(
        `${REGTEST}:${expected(keys[0]!, localRegtest).payment}`,
      )
    } finally {
      events.stop()
    }
  })

  it('reports a rejection in the wallet as ProviderRpcError 4001 and keeps its state', async () => {
    const accounts = adapter.getAccounts()
    const network = adapter.getNetwork()
    const from = accounts[0]!.address
    const to = freshAddress(localRegtest)
    const psbt = await transferPsbt(from, to, 10_000n)
    const logged = wallet.log.length
    wallet.setPolicy('reject')
    try {
      for (const call of [
        () => adapter.signMessage({ message: 'refused' }),
        () => adapter.sendTransaction({ to, value: 10_000n }),
        () => adapter.signPsbt({ psbt, signInputs: [{ address: from, index: [0] }], broadcast: true }),
      ]) {
        const error = await failure(call)
        expect(error).toBeInstanceOf(ProviderRpcError)
        expect((error as ProviderRpcError).code).toBe(4001)
      }
    } finally {
      wallet.setPolicy('approve')
    }
    expect(wallet.log.slice(logged).map((entry) => [entry.method, entry.outcome, entry.prompted])).toEqual([
      ['signMessage', 'rejected', true],
      ['sendTransfer', 'rejected', true],
      ['signPsbt', 'rejected', true],
    ])
    expect(adapter.getAccounts()).toEqual(accounts)
    expect(adapter.getNetwork()).toEqual(network)
    expect(await storage.getItem('connector')).toBe('walletConnect')
    expect(await balanceOf(localRegtest, to)).toBe(0n)
  })

  it('refuses what a hostile wallet answers: a bad or foreign txid, signature or PSBT, an address the session does not hold', async () => {
    const accounts = adapter.getAccounts()
    const payment = accounts[0]!.address
    // A well-formed signature the wallet gave earlier, to pair with a wrong address.
    const earlier = wallet.log.find((entry) => entry.method === 'signMessage')?.result
    const { signature } = earlier as { signature: string }
    const target = freshAddress(localRegtest)
    const psbt = await transferPsbt(payment, target, 10_000n)
    const other = await transferPsbt(payment, freshAddress(localRegtest), 20_000n)
    const signInputs = [{ address: payment, index: [0] }]
    const malformed = async (run: () => Promise<unknown>, result: unknown, what: RegExp) => {
      const pending = failure(run)
      await answerWith(result)
      const error = await pending
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: -32603, message: expect.stringMatching(what) })
    }
    // The real signature of `psbt`, to pair with a txid that is not its transaction's.
    const { psbt: finalized } = await adapter.signPsbt({ psbt, signInputs })
    wallet.setPolicy('hold')
    try {
      await malformed(
        () => adapter.sendTransaction({ to: freshAddress(localRegtest), value: 10_000n }),
        { txid: 'not-a-txid' },
        /^The wallet answered sendTransfer with a txid that is not 64 hex characters/,
      )
      await malformed(
        () => adapter.signMessage({ message: 'hostile' }),
        { address: payment, signature: '%% not a signature %%' },
        /^The wallet answered signMessage with a signature that is neither base64 nor hex/,
      )
      await malformed(
        () => adapter.signMessage({ message: 'hostile' }),
        { address: freshAddress(localRegtest), signature },
        /^The wallet answered signMessage with an address the session does not hold/,
      )
      await malformed(
        () => adapter.signPsbt({ psbt, signInputs }),
        { psbt: 'cHNidP8BAHECAAAAAQ==' },
        /^The wallet answered signPsbt with a PSBT that does not parse/,
      )
      await malformed(
        () => adapter.signPsbt({ psbt, signInputs }),
        { psbt: other },
        /^The wallet answered signPsbt with a PSBT of another transaction/,
      )
      await malformed(
        () => adapter.signPsbt({ psbt, signInputs, broadcast: true }),
        { psbt, txid: 'ab'.repeat(31) },
        /^The wallet answered signPsbt with a txid that is not 64 hex characters/,
      )
      await malformed(
        () => adapter.signPsbt({ psbt, signInputs, broadcast: true }),
        { psbt: finalized, txid: 'ab'.repeat(32) },
        /^The wallet answered signPsbt with the txid (ab){32}, not the signed transaction's/,
      )
    } finally {
      wallet.setPolicy('approve')
    }
    expect(wallet.pending()).toEqual([])
    expect(adapter.getAccounts()).toEqual(accounts)
    expect(adapter.getNetwork()).toEqual(localRegtest)
    // Nothing was broadcast on the strength of a refused answer.
    expect(await balanceOf(localRegtest, target)).toBe(0n)
  })

  it('restores from the session on a new adapter instance (same storage, same provider) without a prompt', async () => {
    const proposals = wallet.proposals.length
    const logged = wallet.log.length
    const reloaded = await newAdapter()
    try {
      const restored = await reloaded.reconnect()
      expect(restored).toEqual({
        connectorId: 'walletConnect',
        accounts: adapter.getAccounts(),
        network: localRegtest,
      })
      // No proposal, and no request at all: the session and the kept addresses are enough.
      expect(wallet.proposals).toHaveLength(proposals)
      expect(wallet.log).toHaveLength(logged)
      const message = 'after a reload'
      const signed = await reloaded.signMessage({ message, protocol: 'ecdsa' })
      expect(await verify(signed.address, message, signed.signature)).toBe(true)
    } finally {
      reloaded.destroy()
    }
  })

  it('hears the wallet end the session: disconnected once (reason wallet), the adapter cleared, nothing to restore', async () => {
    const events = record(adapter)
    try {
      await wallet.disconnect()
      await expect.poll(() => events.seen.disconnected.length).toBe(1)
      await settle()
      expect(events.seen.disconnected).toEqual([{ reason: 'wallet' }])
      expect(events.counts()).toEqual([0, 0, 1])
    } finally {
      events.stop()
    }
    expect(adapter.getAccounts()).toEqual([])
    expect(adapter.getNetwork()).toBeUndefined()
    expect(adapter.getWalletProvider()).toBeUndefined()
    expect(provider.session).toBeUndefined()
    expect(storage.keys()).toEqual([])
    expect(await adapter.reconnect()).toBeNull()
  })

  it('adopts a session the kit already holds, follows the wallet once per cause, and disconnect() ends it', async () => {
    // The kit connected every namespace at once (here: bip122 on regtest only), before this adapter was asked.
    await provider.connect({
      namespaces: {},
      optionalNamespaces: { bip122: proposalNamespace('bip122', [localRegtest]) },
    })
    const topic = provider.session?.topic
    const proposals = wallet.proposals.length
    const adopted = await adapter.connect({ connectorId: 'walletConnect' })
    expect(wallet.proposals).toHaveLength(proposals)
    const regtest = keys.map((key) => expected(key, localRegtest))
    expect(adopted.network).toEqual(localRegtest)
    expect(adopted.accounts.map((account) => account.address)).toEqual([
      regtest[0]!.payment,
      regtest[1]!.payment,
      regtest[0]!.ordinals,
    ])

    const events = record(adapter)
    try {
      // The session lacks testnet: the adapter cannot move there on its own, and nothing moves.
      const error = await failure(() => adapter.switchNetwork({ network: localTestnet }))
      expect(error).toMatchObject({ code: 'UNSUPPORTED_CHAIN' })
      expect(adapter.getNetwork()).toEqual(localRegtest)

      // The user moves the wallet to testnet: it adds testnet to the session, then says chainChanged.
      await wallet.switchChain(TESTNET)
      await expect.poll(() => events.seen.networkChanged.length).toBe(1)
      await settle()
      expect(events.counts()).toEqual([1, 0, 0])
      const testnet = keys.map((key) => expected(key, localTestnet))
      expect(events.seen.networkChanged[0]?.network).toEqual(localTestnet)
      expect(events.seen.networkChanged[0]?.accounts.map((account) => account.caipAddress)).toEqual([
        `${TESTNET}:${testnet[0]!.payment}`,
        `${TESTNET}:${testnet[1]!.payment}`,
        `${TESTNET}:${testnet[0]!.ordinals}`,
      ])

      // The user picks the second account.
      await wallet.switchAccount('bip122', 1)
      await expect.poll(() => events.seen.accountsChanged.length).toBe(1)
      await settle()
      expect(events.counts()).toEqual([1, 1, 0])
      expect(events.seen.accountsChanged[0]?.accounts).toEqual(adapter.getAccounts())
      expect(
        adapter.getAccounts().map((account) => [account.type, account.address, account.publicKey]),
      ).toEqual([
        ['payment', testnet[1]!.payment, testnet[1]!.paymentKey],
        ['payment', testnet[0]!.payment, undefined],
        ['ordinal', testnet[1]!.ordinals, testnet[1]!.ordinalsKey],
      ])

      // The dApp ends it: on both sides, reported once as the user's.
      await adapter.disconnect()
      await settle()
      expect(events.counts()).toEqual([1, 1, 1])
      expect(events.seen.disconnected).toEqual([{ reason: 'user' }])
    } finally {
      events.stop()
    }
    expect(provider.session).toBeUndefined()
    await expect.poll(() => wallet.sessions.some((session) => session.topic === topic)).toBe(false)
    expect(adapter.getAccounts()).toEqual([])
    expect(storage.keys()).toEqual([])
    expect(await adapter.reconnect()).toBeNull()
  })
})

describe("the core's conformance suite over WalletConnect", () => {
  it('passes every check with the WalletConnect connector', { timeout: 240_000 }, async () => {
    const report = await runConformanceSuite({
      name: 'bitcoin over WalletConnect',
      connectorId: 'walletConnect',
      networks,
      // Both accounts the wallet holds are in the session; the ordinals address is the active one's.
      expectedAccountTypes: ['payment', 'payment', 'ordinal'],
      amount: 123_456n,
      // Events cross the relay: a wider window to catch a duplicate.
      settleMs: 1_000,
      async setup() {
        const held = await fundedKeys(2)
        const own = await newWallet(held)
        const shared = await newProvider()
        const stopPairing = pairOnDisplayUri(own, shared)
        const store = createMemoryStorage()
        const created: BitcoinAdapter[] = []
        const createAdapter = async () => {
          const next = await adapterOver(shared, store)
          created.push(next)
          return next
        }
        const adapter = await createAdapter()
        let account = 0
        return {
          adapter,
          probe: chainProbe,
          createAdapter,
          recipient: () => freshAddress(adapter.getNetwork() ?? localRegtest),
          wallet: {
            setPolicy: (policy: 'approve' | 'reject') => own.setPolicy(policy),
            // A proposal asks the user as a request does.
            promptCount: () => own.proposals.length + own.log.filter((entry) => entry.prompted).length,
            switchAccount: async () => {
              account = (account + 1) % held.length
              await own.switchAccount('bip122', account)
            },
            switchNetwork: (network: CaipNetwork) => own.switchChain(network.caipNetworkId),
            // The user revokes the site in the wallet; the page (re)loads once the relay carried it.
            disconnect: async () => {
              await own.disconnect()
              await expect.poll(() => shared.session).toBeUndefined()
            },
          },
          cleanup: async () => {
            for (const each of created) each.destroy()
            stopPairing()
            await own.close()
            await closeProvider(shared)
          },
        }
      },
    })
    expect(report.failed, formatConformanceReport(report)).toEqual([])
    expect(report.results.filter((result) => result.passed)).toHaveLength(8)
  })
})
