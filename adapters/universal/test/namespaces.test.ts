// The universal adapter on the namespaces no chain-library adapter serves, polkadot and cosmos, over a WalletConnect
// provider faked here: its session holds accounts of real keys and its wallet answers as a real one would, with real
// signatures (Ed25519 on polkadot, whose addresses are SS58; secp256k1 over the ADR-036 sign doc on cosmos, whose
// addresses are bech32). Keys, addresses, sign docs and signature checks are written here from the chains' own
// specifications, never through the adapter's code. Nothing here reaches a network: every RPC URL is a closed port.
import {
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  createEmitter,
  createKitCore,
  createMemoryStorage,
  defineNetwork,
  isUnsupportedNetwork,
  isUserRejection,
  type KitCore,
  normalizeProviderError,
  type ProposalNamespace,
  type SessionNamespace,
  ProviderRpcError,
  UNSUPPORTED_NETWORK_NAME,
  UserRejectedRequestError,
  WALLETCONNECT_NAMESPACE_DEFAULTS,
  type WalletConnectEvents,
  type WalletConnectProvider,
  type WalletConnectSession,
  nodeEnvironment,
} from '@latchkey/core'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base58, base64, bech32, hex, utf8 } from '@scure/base'
import { afterEach, describe, expect, test } from 'vitest'
import { UniversalAdapter } from '../src/index.js'

// ---- polkadot: Ed25519 keys, SS58 addresses ----

const seed = (label: string) => sha256(utf8.decode(`latchkey namespaces test: ${label}`))
const SS58_CONTEXT = utf8.decode('SS58PRE')

/** An SS58 address: a one-byte network prefix (< 64), the 32-byte public key, two bytes of blake2b-512 checksum. */
function ss58(publicKey: Uint8Array, prefix: number): string {
  const payload = Uint8Array.of(prefix, ...publicKey)
  const checksum = blake2b(Uint8Array.of(...SS58_CONTEXT, ...payload), { dkLen: 64 }).slice(0, 2)
  return base58.encode(Uint8Array.of(...payload, ...checksum))
}

/** The public key an SS58 address names (one-byte prefixes only), or undefined when its checksum is wrong. */
function ss58PublicKey(address: string): Uint8Array | undefined {
  const bytes = base58.decode(address)
  if (bytes.length !== 35 || (bytes[0] as number) >= 64) return undefined
  const checksum = blake2b(Uint8Array.of(...SS58_CONTEXT, ...bytes.slice(0, 33)), { dkLen: 64 })
  if (checksum[0] !== bytes[33] || checksum[1] !== bytes[34]) return undefined
  return bytes.slice(1, 33)
}

function polkadotKey(label: string) {
  const secret = seed(`polkadot ${label}`)
  return { secret, publicKey: ed25519.getPublicKey(secret) }
}

/** A polkadot signature (0x-hex, 64 bytes) of `message` by the key the address names. */
function verifyPolkadotSignature(address: string, message: Uint8Array, signature: string): boolean {
  try {
    const key = ss58PublicKey(address)
    if (!key || !/^0x([0-9a-fA-F]{2})*$/.test(signature)) return false
    const bytes = hex.decode(signature.slice(2).toLowerCase())
    return bytes.length === 64 && ed25519.verify(bytes, message, key)
  } catch {
    return false
  }
}

// ---- cosmos: secp256k1 keys, bech32 addresses, ADR-036 ----

const hash160 = (data: Uint8Array) => ripemd160(sha256(data))

function cosmosKey(label: string) {
  const secret = seed(`cosmos ${label}`)
  const publicKey = secp256k1.getPublicKey(secret, true)
  return { secret, publicKey, address: bech32.encode('cosmos', bech32.toWords(hash160(publicKey))) }
}

/** Amino JSON as signed: keys sorted at every level, no whitespace, and &, <, > escaped (as CosmJS writes it). */
function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : typeof item === 'object' && item !== null
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
          )
        : item
  return JSON.stringify(sorted(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

/**
 * ADR-036's sign doc for arbitrary data: one `sign/MsgSignData` with the signer and the data (base64), an empty
 * chain id, zero account number and sequence, a zero-gas fee with no amount, an empty memo.
 */
function adr036SignDoc(signer: string, data: Uint8Array) {
  return {
    account_number: '0',
    chain_id: '',
    fee: { amount: [], gas: '0' },
    memo: '',
    msgs: [{ type: 'sign/MsgSignData', value: { data: base64.encode(data), signer } }],
    sequence: '0',
  }
}

const signDocDigest = (signDoc: unknown) => sha256(utf8.decode(canonicalJson(signDoc)))

/**
 * An ADR-036 signature (base64, 64 bytes r‖s, low s) of `data` by the address's key. The answer the adapter hands
 * out carries no public key, so the key is recovered (both candidates) and must hash to the address.
 */
function verifyAdr036Signature(address: string, data: Uint8Array, signature: string): boolean {
  try {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`)
    const sig = base64.decode(signature)
    if (sig.length !== 64) return false
    const digest = signDocDigest(adr036SignDoc(address, data))
    return [0, 1].some((recovery) => {
      try {
        const key = secp256k1.Signature.fromCompact(sig)
          .addRecoveryBit(recovery)
          .recoverPublicKey(digest)
          .toRawBytes(true)
        return (
          bech32.encode(prefix, bech32.toWords(hash160(key))) === address &&
          bech32.fromWords(words).length === 20 &&
          secp256k1.verify(sig, digest, key)
        )
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}

// ---- networks (RPC URLs on a closed loopback port: nothing here may read a chain) ----

const RPC = 'http://127.0.0.1:1'
const polkadotNetworks = [
  defineNetwork({
    id: '91b171bb158e2d3848fa23a9f1c25182',
    chainNamespace: 'polkadot',
    name: 'Polkadot',
    nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
    rpcUrls: { default: { http: [`${RPC}/polkadot`] } },
  }),
  defineNetwork({
    id: 'b0a8d493285c2df73290dfb7e61f870f',
    chainNamespace: 'polkadot',
    name: 'Kusama',
    nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
    rpcUrls: { default: { http: [`${RPC}/kusama`] } },
  }),
] as const
const cosmosNetworks = [
  defineNetwork({
    id: 'cosmoshub-4',
    chainNamespace: 'cosmos',
    name: 'Cosmos Hub',
    nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: [`${RPC}/cosmoshub`] } },
  }),
  defineNetwork({
    id: 'theta-testnet-001',
    chainNamespace: 'cosmos',
    name: 'Cosmos Hub testnet',
    nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: [`${RPC}/theta`] } },
    testnet: true,
  }),
] as const

/** SS58 prefix of each polkadot chain here: Polkadot 0, Kusama 2, any other (Westend, …) the generic 42. */
const ss58PrefixOf = (caipNetworkId: string) =>
  caipNetworkId === polkadotNetworks[0].caipNetworkId
    ? 0
    : caipNetworkId === polkadotNetworks[1].caipNetworkId
      ? 2
      : 42

// ---- the wallet's keys ----

const polkadotKeys = [polkadotKey('alice'), polkadotKey('bob')]
const polkadotMallory = polkadotKey('mallory')
const cosmosKeys = [cosmosKey('alice'), cosmosKey('bob')]
const cosmosMallory = cosmosKey('mallory')

const polkadotAddress = (index: number, caipNetworkId: string) =>
  ss58((polkadotKeys[index] as { publicKey: Uint8Array }).publicKey, ss58PrefixOf(caipNetworkId))
const cosmosAddress = (index: number) => (cosmosKeys[index] as { address: string }).address

/** The session's CAIP-10 accounts of a namespace on one chain (both keys; polkadot addresses differ per chain). */
function accountsOn(namespace: 'polkadot' | 'cosmos', caipNetworkId: CaipNetworkId): CaipAddress[] {
  return [0, 1].map(
    (i) =>
      `${caipNetworkId}:${namespace === 'polkadot' ? polkadotAddress(i, caipNetworkId) : cosmosAddress(i)}` as CaipAddress,
  )
}

// ---- the wallet's answers: what a real wallet signs and returns ----

type WalletRequest = { method: string; params: unknown; caipNetworkId: CaipNetworkId }
type Handler = (request: WalletRequest) => unknown

function messageParam(message: string): Uint8Array {
  // As polkadot.js reads a message: 0x-hex is bytes, anything else its UTF-8.
  return /^0x([0-9a-fA-F]{2})*$/.test(message) ? hex.decode(message.slice(2).toLowerCase()) : utf8.decode(message)
}

/** polkadot_signMessage by `signer` (default: the key the request's address names on its chain). */
function polkadotSigner(signer?: { secret: Uint8Array }): Handler {
  return ({ params, caipNetworkId }) => {
    const { address, message } = params as { address: string; message: string }
    const key =
      signer ?? polkadotKeys.find((k) => ss58(k.publicKey, ss58PrefixOf(caipNetworkId)) === address)
    if (!key) throw new ProviderRpcError(4100, `This wallet holds no key for ${address}`)
    return { signature: `0x${hex.encode(ed25519.sign(messageParam(message), key.secret))}` }
  }
}

/** cosmos_signAmino by `signer` (default: the key of the request's signer address): the signed doc, the StdSignature. */
function cosmosSigner(signer?: { secret: Uint8Array; publicKey: Uint8Array }): Handler {
  return ({ params }) => {
    const { signerAddress, signDoc } = params as { signerAddress: string; signDoc: unknown }
    const key = signer ?? cosmosKeys.find((k) => k.address === signerAddress)
    if (!key) throw new ProviderRpcError(4100, `This wallet holds no key for ${signerAddress}`)
    const signature = secp256k1.sign(signDocDigest(signDoc), key.secret).toCompactRawBytes()
    return {
      signed: signDoc,
      signature: {
        pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(key.publicKey) },
        signature: base64.encode(signature),
      },
    }
  }
}

// ---- the fake WalletConnect provider ----

type ConnectArgs = Parameters<WalletConnectProvider['connect']>[0]
interface Grant {
  chains: CaipNetworkId[]
  accounts: CaipAddress[]
}

/**
 * A WalletConnect provider whose wallet grants `grants` (the chains it approves and its accounts on them) and
 * answers requests with real signatures. Like the SDK's provider, a request off the session (a chain or a method it
 * does not grant) fails, and whatever the wallet throws reaches the caller as a ProviderRpcError.
 */
function fakeWallet(grants: Partial<Record<ChainNamespace, Grant>>, options: { connected?: boolean } = {}) {
  const events = createEmitter<WalletConnectEvents>((error) => {
    throw error
  })
  const proposals: ConnectArgs[] = []
  const requests: WalletRequest[] = []
  const answers: unknown[] = []
  const defaultChains: CaipNetworkId[] = []
  const handlers: Record<string, Handler> = {
    polkadot_signMessage: polkadotSigner(),
    cosmos_signAmino: cosmosSigner(),
  }
  let rejectProposal = false
  let session: WalletConnectSession | undefined

  const sessionFor = (proposed?: Readonly<Partial<Record<ChainNamespace, ProposalNamespace>>>) => {
    const namespaces: Partial<Record<ChainNamespace, SessionNamespace>> = {}
    for (const [key, grant] of Object.entries(grants) as [ChainNamespace, Grant][]) {
      const asked = proposed?.[key]
      if (proposed && !asked) continue
      const chains = grant.chains.filter((chain) => !asked || asked.chains.includes(chain))
      namespaces[key] = {
        accounts: grant.accounts.filter((account) => chains.some((chain) => account.startsWith(`${chain}:`))),
        chains,
        methods: [...(asked?.methods ?? WALLETCONNECT_NAMESPACE_DEFAULTS[key].methods)],
        events: [...(asked?.events ?? WALLETCONNECT_NAMESPACE_DEFAULTS[key].events)],
      }
    }
    return {
      topic: `topic-${proposals.length}`,
      namespaces,
      peer: { metadata: { name: 'Fake wallet', description: 'namespaces test', url: 'http://127.0.0.1', icons: [] } },
      expiry: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
    }
  }
  if (options.connected) session = sessionFor()

  const provider: WalletConnectProvider = {
    get session() {
      return session
    },
    async connect(params) {
      proposals.push(structuredClone(params))
      if (rejectProposal) throw new UserRejectedRequestError()
      session = sessionFor({ ...params.optionalNamespaces, ...params.namespaces })
      return { session }
    },
    async disconnect() {
      const topic = session?.topic
      session = undefined
      if (topic) events.emit('session_delete', { topic })
    },
    async request<T>(args: { method: string; params?: unknown }, caipNetworkId: CaipNetworkId): Promise<T> {
      const request = { method: args.method, params: structuredClone(args.params), caipNetworkId }
      requests.push(request)
      try {
        const granted = session?.namespaces[caipNetworkId.split(':')[0] as ChainNamespace]
        if (!granted?.chains?.includes(caipNetworkId) || !granted.methods.includes(args.method))
          throw new ProviderRpcError(4100, `The session does not grant ${args.method} on ${caipNetworkId}`)
        const handler = handlers[args.method]
        if (!handler) throw new ProviderRpcError(4200, `The wallet does not support ${args.method}`)
        const answer = await handler(request)
        answers.push(answer)
        return answer as T
      } catch (error) {
        throw normalizeProviderError(error)
      }
    },
    setDefaultChain(caipNetworkId) {
      defaultChains.push(caipNetworkId)
    },
    getAccounts(namespace) {
      return session?.namespaces[namespace]?.accounts ?? []
    },
    on(event, listener) {
      return events.on(event, listener)
    },
  }

  return {
    provider,
    proposals,
    requests,
    answers,
    defaultChains,
    /** The wallet answers `method` with `handler` from now on. */
    answer(method: string, handler: Handler) {
      handlers[method] = handler
    },
    rejectProposals() {
      rejectProposal = true
    },
    /** The wallet moved to another chain of the namespace (a session event). */
    moveTo(caipNetworkId: CaipNetworkId) {
      events.emit('chainChanged', { caipNetworkId })
    },
    /** The wallet grants a namespace more chains and accounts (a session update). */
    grant(namespace: ChainNamespace, extra: Grant) {
      const current = session?.namespaces[namespace]
      if (!session || !current) throw new Error(`no ${namespace} in the session`)
      session = {
        ...session,
        namespaces: {
          ...session.namespaces,
          [namespace]: {
            ...current,
            chains: [...(current.chains ?? []), ...extra.chains],
            accounts: [...current.accounts, ...extra.accounts],
          },
        },
      }
      events.emit('session_update', { session })
    },
  }
}

type FakeWallet = ReturnType<typeof fakeWallet>

// ---- the two namespaces ----

interface NamespaceCase {
  namespace: 'polkadot' | 'cosmos'
  networks: readonly [CaipNetwork, CaipNetwork]
  /** A chain of the namespace the kit was not configured with. */
  unknownChain: CaipNetworkId
  method: string
  /** The address of the wallet's key `index` on a chain. */
  address(index: number, caipNetworkId: CaipNetworkId): string
  /** The params the WalletConnect RPC reference prescribes for signing `message` with `address`. */
  params(address: string, message: Uint8Array): unknown
  /** The signature as the adapter hands it out, from the wallet's answer. */
  signatureOf(answer: unknown): string
  /** A real signature check written from the chain's spec. */
  verify(address: string, message: Uint8Array, signature: string): boolean
  /** The wallet signs with another key than the address's (a signature, well formed, by someone else). */
  otherKey: Handler
  /** What the adapter says of a malformed answer. */
  malformed: string
  /** Answers of the wrong shape, all refused today. */
  malformedAnswers: [string, unknown][]
  /** Answers of the right shape but not a signature's length, handed out today (a known bug). */
  wrongLengthAnswers: [string, unknown][]
}

const bytes64 = Uint8Array.from({ length: 64 }, (_, i) => i + 1)

const polkadot: NamespaceCase = {
  namespace: 'polkadot',
  networks: polkadotNetworks,
  unknownChain: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  method: 'polkadot_signMessage',
  address: (index, caipNetworkId) => polkadotAddress(index, caipNetworkId),
  params: (address, message) => ({ address, message: `0x${hex.encode(message)}` }),
  signatureOf: (answer) => (answer as { signature: string }).signature,
  verify: verifyPolkadotSignature,
  otherKey: polkadotSigner(polkadotMallory),
  malformed: 'The wallet answered polkadot_signMessage with something that is not a hex signature.',
  malformedAnswers: [
    ['no result at all', null],
    ['the signature bare, not in a result object', `0x${hex.encode(bytes64)}`],
    ['a result with no signature', {}],
    ['a number for the signature', { signature: 12345 }],
    ['the signature as a byte array', { signature: Array.from(bytes64) }],
    ['hex without its 0x prefix', { signature: hex.encode(bytes64) }],
    ['base64 instead of hex', { signature: base64.encode(bytes64) }],
    ['an empty signature', { signature: '0x' }],
  ],
  wrongLengthAnswers: [
    ['a 32-byte signature', { signature: `0x${hex.encode(bytes64.slice(0, 32))}` }],
    ['a one-byte signature', { signature: '0x01' }],
    ['odd-length hex', { signature: `0x${hex.encode(bytes64).slice(1)}` }],
  ],
}

const cosmos: NamespaceCase = {
  namespace: 'cosmos',
  networks: cosmosNetworks,
  unknownChain: 'cosmos:juno-1',
  method: 'cosmos_signAmino',
  address: (index) => cosmosAddress(index),
  params: (address, message) => ({
    signerAddress: address,
    signDoc: {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      msgs: [{ type: 'sign/MsgSignData', value: { signer: address, data: base64.encode(message) } }],
      memo: '',
    },
  }),
  signatureOf: (answer) => (answer as { signature: { signature: string } }).signature.signature,
  verify: verifyAdr036Signature,
  otherKey: cosmosSigner(cosmosMallory),
  malformed: 'The wallet answered cosmos_signAmino with a signature that is not 64 bytes of base64.',
  malformedAnswers: [
    ['no result at all', null],
    ['a result with no signature', { signed: {} }],
    ['the StdSignature flattened to its base64 text', { signature: base64.encode(bytes64) }],
    ['a number for the signature', { signature: { signature: 12345 } }],
    ['63 bytes', { signature: { signature: base64.encode(bytes64.slice(1)) } }],
    ['65 bytes (a recoverable signature)', { signature: { signature: base64.encode(Uint8Array.of(1, ...bytes64)) } }],
    ['hex instead of base64', { signature: { signature: `0x${hex.encode(bytes64)}` } }],
    ['text that is not base64', { signature: { signature: '!'.repeat(88) } }],
    ['an empty signature', { signature: { signature: '' } }],
  ],
  // Refused today, among the malformed answers above (63 and 65 bytes).
  wrongLengthAnswers: [],
}

/** Both networks of the namespace granted, both keys' accounts on each. */
const fullGrant = (c: NamespaceCase): Grant => ({
  chains: c.networks.map((n) => n.caipNetworkId),
  accounts: c.networks.flatMap((n) => accountsOn(c.namespace, n.caipNetworkId)),
})

/** A universal adapter of the namespace, initialised with its two networks over the fake provider. */
async function adapterOver(c: NamespaceCase, wallet: FakeWallet, storage = createMemoryStorage()) {
  const adapter = new UniversalAdapter({ namespace: c.namespace })
  await adapter.init({
    networks: c.networks,
    options: {},
    storage,
    getWalletConnectProvider: async () => wallet.provider,
  })
  adapters.push(adapter)
  return { adapter, storage }
}

const adapters: UniversalAdapter[] = []
const kits: KitCore[] = []
afterEach(() => {
  for (const adapter of adapters.splice(0)) adapter.destroy()
  for (const kit of kits.splice(0)) kit.destroy()
})

/** The message every signing test signs (text with characters amino JSON escapes). */
const TEXT = 'Sign in to Latchkey <test> & prove you hold this account'
const textBytes = utf8.decode(TEXT)

describe.each([polkadot, cosmos])('UniversalAdapter ($namespace)', (c) => {
  const [first, second] = c.networks

  async function connected(grant: Grant = fullGrant(c)) {
    const wallet = fakeWallet({ [c.namespace]: grant })
    const { adapter, storage } = await adapterOver(c, wallet)
    await adapter.connect({ connectorId: 'walletConnect' })
    return { wallet, adapter, storage }
  }

  describe('connect', () => {
    test('proposes a session for the namespace’s networks and adopts its accounts on the first network', async () => {
      const wallet = fakeWallet({ [c.namespace]: fullGrant(c) })
      const { adapter, storage } = await adapterOver(c, wallet)
      expect(adapter.getConnectors()).toEqual([
        expect.objectContaining({ id: 'walletConnect', chain: c.namespace, networkSwitch: 'adapter' }),
      ])

      const result = await adapter.connect({ connectorId: 'walletConnect' })

      // One proposal, for this namespace only, its methods and the host's RPCs.
      expect(wallet.proposals).toEqual([
        {
          namespaces: {},
          optionalNamespaces: {
            [c.namespace]: {
              chains: [first.caipNetworkId, second.caipNetworkId],
              methods: [...WALLETCONNECT_NAMESPACE_DEFAULTS[c.namespace].methods],
              events: [...WALLETCONNECT_NAMESPACE_DEFAULTS[c.namespace].events],
              rpcMap: { [String(first.id)]: first.rpcUrls.default.http[0], [String(second.id)]: second.rpcUrls.default.http[0] },
            },
          },
        },
      ])
      expect(wallet.proposals[0]?.optionalNamespaces?.[c.namespace]?.methods).toContain(c.method)
      const expectedAccounts = [0, 1].map((i) => ({
        address: c.address(i, first.caipNetworkId),
        caipAddress: `${first.caipNetworkId}:${c.address(i, first.caipNetworkId)}`,
        type: 'eoa',
      }))
      expect(result).toEqual({ connectorId: 'walletConnect', accounts: expectedAccounts, network: first })
      expect(adapter.getAccounts()).toEqual(expectedAccounts)
      expect(adapter.getNetwork()).toBe(first)
      expect(wallet.defaultChains).toEqual([first.caipNetworkId])
      expect(adapter.getWalletProvider()).toBe(wallet.provider)
      expect(JSON.parse((await storage.getItem('connection')) ?? 'null')).toEqual({ topic: 'topic-1' })
    })

    test('adopts the session the kit already holds, on the network asked for, without proposing', async () => {
      // The session another namespace proposed (polkadot and cosmos both granted), this one's accounts in it.
      const wallet = fakeWallet({ polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) }, { connected: true })
      const { adapter } = await adapterOver(c, wallet)

      const result = await adapter.connect({ connectorId: 'walletConnect', network: second })

      expect(wallet.proposals).toEqual([])
      expect(result.network).toBe(second)
      expect(result.accounts.map((a) => a.caipAddress)).toEqual(accountsOn(c.namespace, second.caipNetworkId))
      expect(adapter.getNetwork()).toBe(second)
      expect(wallet.defaultChains).toEqual([second.caipNetworkId])
    })

    test('a wallet that approved none of the namespace’s chains leaves nothing connected', async () => {
      const other = c.namespace === 'polkadot' ? cosmos : polkadot
      const wallet = fakeWallet({ [other.namespace]: fullGrant(other) }, { connected: true })
      const { adapter, storage } = await adapterOver(c, wallet)
      await expect(adapter.connect({ connectorId: 'walletConnect' })).rejects.toMatchObject({
        code: 'NOT_CONNECTED',
        message: `The WalletConnect session does not include ${c.namespace}`,
      })
      expect(adapter.getAccounts()).toEqual([])
      expect(adapter.getNetwork()).toBeUndefined()
      expect(await storage.getItem('connection')).toBeNull()
    })

    test('the user rejecting the proposal surfaces as a user rejection (4001) and connects nothing', async () => {
      const wallet = fakeWallet({ [c.namespace]: fullGrant(c) })
      wallet.rejectProposals()
      const { adapter, storage } = await adapterOver(c, wallet)
      const error = await adapter.connect({ connectorId: 'walletConnect' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
      expect(wallet.proposals).toHaveLength(1)
      expect(adapter.getAccounts()).toEqual([])
      expect(adapter.getNetwork()).toBeUndefined()
      expect(await storage.getItem('connection')).toBeNull()
    })
  })

  describe('approved networks follow the session', () => {
    test('a network the wallet did not approve is refused until a session update adds it; then requests go there', async () => {
      const { wallet, adapter } = await connected({
        chains: [first.caipNetworkId],
        accounts: accountsOn(c.namespace, first.caipNetworkId),
      })
      const changes: CaipNetwork[] = []
      adapter.on('networkChanged', ({ network }) => changes.push(network))

      await expect(adapter.switchNetwork({ network: second })).rejects.toMatchObject({
        code: 'UNSUPPORTED_CHAIN',
        message: 'Unsupported chain',
        details: `The WalletConnect session does not include ${second.caipNetworkId}: reconnect to add it`,
      })
      expect(adapter.getNetwork()).toBe(first)
      expect(changes).toEqual([])

      // The wallet approves the second chain with its accounts there.
      wallet.grant(c.namespace, {
        chains: [second.caipNetworkId],
        accounts: accountsOn(c.namespace, second.caipNetworkId),
      })
      expect(await adapter.switchNetwork({ network: second })).toEqual({ network: second, via: 'adapter' })
      expect(adapter.getNetwork()).toBe(second)
      expect(changes).toEqual([second])
      expect(wallet.defaultChains).toEqual([first.caipNetworkId, second.caipNetworkId])
      // The accounts are the session's on that chain (polkadot addresses carry the chain's SS58 prefix).
      expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(accountsOn(c.namespace, second.caipNetworkId))

      const { signature, address } = await adapter.signMessage({ message: TEXT })
      expect(address).toBe(c.address(0, second.caipNetworkId))
      expect(wallet.requests).toEqual([
        { method: c.method, params: c.params(address, textBytes), caipNetworkId: second.caipNetworkId },
      ])
      expect(c.verify(address, textBytes, signature)).toBe(true)
    })

    test('a network outside the adapter’s networks is refused, whatever the session holds', async () => {
      const { adapter, wallet } = await connected()
      const stranger = defineNetwork({
        id: c.unknownChain.split(':')[1] as string,
        chainNamespace: c.namespace,
        name: 'Not configured',
        nativeCurrency: { name: 'X', symbol: 'X', decimals: 6 },
        rpcUrls: { default: { http: [`${RPC}/stranger`] } },
      })
      await expect(adapter.switchNetwork({ network: stranger })).rejects.toMatchObject({
        code: 'UNSUPPORTED_CHAIN',
        details: `${c.unknownChain} is not among the adapter's networks`,
      })
      expect(adapter.getNetwork()).toBe(first)
      expect(wallet.requests).toEqual([])
    })
  })

  describe('signMessage', () => {
    test(`sends ${c.method} with the reference's params to the active chain; the signature is the key's`, async () => {
      const { wallet, adapter } = await connected()
      const address = c.address(0, first.caipNetworkId)

      const result = await adapter.signMessage({ message: TEXT })

      expect(wallet.requests).toEqual([
        { method: c.method, params: c.params(address, textBytes), caipNetworkId: first.caipNetworkId },
      ])
      expect(result).toEqual({ signature: c.signatureOf(wallet.answers[0]), address })
      expect(c.verify(address, textBytes, result.signature)).toBe(true)
      // The check can fail: another message, another address.
      expect(c.verify(address, utf8.decode(`${TEXT}.`), result.signature)).toBe(false)
      expect(c.verify(c.address(1, first.caipNetworkId), textBytes, result.signature)).toBe(false)
    })

    test('signs raw bytes, and with the account named', async () => {
      const { wallet, adapter } = await connected()
      const raw = Uint8Array.of(0, 1, 2, 0xfe, 0xff)
      const second = c.address(1, first.caipNetworkId)

      const fromBytes = await adapter.signMessage({ message: { raw }, address: second })
      const fromHex = await adapter.signMessage({ message: { raw: '0x000102FEff' }, address: second })

      expect(wallet.requests).toEqual([
        { method: c.method, params: c.params(second, raw), caipNetworkId: first.caipNetworkId },
        { method: c.method, params: c.params(second, raw), caipNetworkId: first.caipNetworkId },
      ])
      expect(fromBytes.address).toBe(second)
      expect(c.verify(second, raw, fromBytes.signature)).toBe(true)
      expect(c.verify(second, raw, fromHex.signature)).toBe(true)
      expect(c.verify(c.address(0, first.caipNetworkId), raw, fromBytes.signature)).toBe(false)
    })

    test('refuses an account the session does not hold and a malformed raw message, asking the wallet nothing', async () => {
      const { wallet, adapter } = await connected()
      const stranger = c.namespace === 'polkadot' ? ss58(polkadotMallory.publicKey, 0) : cosmosMallory.address
      await expect(adapter.signMessage({ message: TEXT, address: stranger })).rejects.toMatchObject({
        code: 'INVALID_PARAMS',
        message: `The session does not hold ${stranger}`,
      })
      // polkadot: the same key on another chain's prefix is another address.
      if (c.namespace === 'polkadot') {
        const onKusama = c.address(0, second.caipNetworkId)
        await expect(adapter.signMessage({ message: TEXT, address: onKusama })).rejects.toMatchObject({
          code: 'INVALID_PARAMS',
        })
      }
      await expect(adapter.signMessage({ message: { raw: '0xabc' } })).rejects.toMatchObject({
        code: 'INVALID_PARAMS',
        message: 'A raw message must be 0x-prefixed hex',
      })
      expect(wallet.requests).toEqual([])
    })

    test('before connecting, asks nothing and says so', async () => {
      const wallet = fakeWallet({ [c.namespace]: fullGrant(c) })
      const { adapter } = await adapterOver(c, wallet)
      await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject({
        code: 'NOT_CONNECTED',
        message: 'No ActiveCaipAddress found',
      })
      expect(wallet.requests).toEqual([])
    })

    test.each(c.malformedAnswers)('refuses a wallet answer with %s, never handing it out', async (_, answer) => {
      const { wallet, adapter } = await connected()
      wallet.answer(c.method, () => answer)

      const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: -32603, message: c.malformed })
      expect(wallet.requests).toHaveLength(1)
      // A failed call leaves the adapter as it was.
      expect(adapter.getNetwork()).toBe(first)
      expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(accountsOn(c.namespace, first.caipNetworkId))
    })

    // KNOWN BUG (see the report): polkadot_signMessage's answer is only checked to be 0x-hex (src/requests.ts), so a
    // signature of any length is handed out. Drop `.fails` once a length other than a signature's is refused.
    if (c.wrongLengthAnswers.length > 0)
      test.fails.each(c.wrongLengthAnswers)('KNOWN BUG: refuses %s', async (_, answer) => {
        const { wallet, adapter } = await connected()
        wallet.answer(c.method, () => answer)
        await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject({ code: -32603 })
      })

    // KNOWN BUG (see the report): signMessageRequest (src/requests.ts) checks the answer's shape only, so a
    // well-formed signature by another key is handed out as the account's. Drop `.fails` once it is refused.
    test.fails('KNOWN BUG: refuses a well-formed signature by another key than the account’s', async () => {
      const { wallet, adapter } = await connected()
      wallet.answer(c.method, c.otherKey)
      const address = c.address(0, first.caipNetworkId)
      await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject({ code: -32603 })
      // What it would have handed out is a real signature, by the other key: never the account's.
      const forged = c.signatureOf(wallet.answers[0])
      expect(c.verify(address, textBytes, forged)).toBe(false)
    })

    test('(the known bug’s fixture) the other-key answer is a genuine signature by the other key, not the account’s', () => {
      const address = c.address(0, first.caipNetworkId)
      const answer = c.otherKey({ method: c.method, params: c.params(address, textBytes), caipNetworkId: first.caipNetworkId })
      const forged = c.signatureOf(answer)
      expect(c.verify(address, textBytes, forged)).toBe(false)
      if (c.namespace === 'polkadot') {
        expect(verifyPolkadotSignature(ss58(polkadotMallory.publicKey, 0), textBytes, forged)).toBe(true)
      } else {
        // The other key signed the very doc the adapter sent, the one naming the account as signer.
        const digest = signDocDigest(adr036SignDoc(address, textBytes))
        expect(secp256k1.verify(base64.decode(forged), digest, cosmosMallory.publicKey)).toBe(true)
        expect((answer as { signature: { pub_key: { value: string } } }).signature.pub_key.value).toBe(
          base64.encode(cosmosMallory.publicKey),
        )
      }
    })

    test('the user rejecting the request surfaces as a user rejection (4001); the adapter stays as it was', async () => {
      const { wallet, adapter } = await connected()
      wallet.answer(c.method, () => {
        throw new UserRejectedRequestError()
      })

      const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
      expect(isUserRejection(error)).toBe(true)
      expect(wallet.requests).toHaveLength(1)
      expect(adapter.getNetwork()).toBe(first)
      expect(adapter.getAccounts()).toHaveLength(2)
      // The next request goes through.
      wallet.answer(c.method, c.namespace === 'polkadot' ? polkadotSigner() : cosmosSigner())
      const { signature, address } = await adapter.signMessage({ message: TEXT })
      expect(c.verify(address, textBytes, signature)).toBe(true)
    })
  })

  describe('verifyMessage', () => {
    // KNOWN GAP (see the report): UniversalAdapter.verifyMessage (src/adapter.ts) throws UNSUPPORTED_OPERATION for
    // every namespace but eip155, solana and bip122. Drop `.fails` once it checks polkadot and cosmos signatures.
    test.fails('KNOWN GAP: checks the wallet’s signature (true), a tampered message or another address (false)', async () => {
      const { adapter } = await connected()
      const { signature, address } = await adapter.signMessage({ message: TEXT })
      const check = (params: { address: string; message: string }) =>
        adapter.verifyMessage({ ...params, signature, network: first })
      expect(await check({ address, message: TEXT })).toBe(true)
      expect(await check({ address, message: `${TEXT}.` })).toBe(false)
      expect(await check({ address: c.address(1, first.caipNetworkId), message: TEXT })).toBe(false)
    })

    test('today: refuses to check with UNSUPPORTED_OPERATION, never answering true or false', async () => {
      const { adapter } = await connected()
      const { signature, address } = await adapter.signMessage({ message: TEXT })
      await expect(adapter.verifyMessage({ address, message: TEXT, signature, network: first })).rejects.toMatchObject({
        code: 'UNSUPPORTED_OPERATION',
        message: `Checking ${c.namespace} signatures needs the chain's own library`,
      })
    })
  })

  describe('a chain event', () => {
    test('for a chain the kit does not know sets the unsupported network; the wallet’s way back restores it', async () => {
      const { wallet, adapter } = await connected()
      const changes: CaipNetwork[] = []
      adapter.on('networkChanged', ({ network }) => changes.push(network))

      wallet.moveTo(c.unknownChain)

      expect(changes).toHaveLength(1)
      expect(changes[0]).toMatchObject({
        caipNetworkId: c.unknownChain,
        chainNamespace: c.namespace,
        name: UNSUPPORTED_NETWORK_NAME,
      })
      expect(isUnsupportedNetwork(changes[0] as CaipNetwork)).toBe(true)
      expect(adapter.getNetwork()).toEqual(changes[0])
      // The same event again is no change.
      wallet.moveTo(c.unknownChain)
      expect(changes).toHaveLength(1)

      wallet.moveTo(second.caipNetworkId)
      expect(changes).toHaveLength(2)
      expect(changes[1]).toBe(second)
      expect(adapter.getNetwork()).toBe(second)
      expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(accountsOn(c.namespace, second.caipNetworkId))
      expect(wallet.requests).toEqual([])
    })

    test('for another namespace’s chain changes nothing here', async () => {
      const wallet = fakeWallet({ polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) }, { connected: true })
      const { adapter } = await adapterOver(c, wallet)
      await adapter.connect({ connectorId: 'walletConnect' })
      const changes: CaipNetwork[] = []
      adapter.on('networkChanged', ({ network }) => changes.push(network))
      const other = c.namespace === 'polkadot' ? cosmos : polkadot

      wallet.moveTo(other.unknownChain)
      wallet.moveTo(other.networks[1].caipNetworkId)

      expect(changes).toEqual([])
      expect(adapter.getNetwork()).toBe(first)
    })
  })

  describe('what the namespace does not have over WalletConnect', () => {
    test('sends, balances and gas estimates are refused without asking the wallet or a chain', async () => {
      const { wallet, adapter } = await connected()
      const address = c.address(0, first.caipNetworkId)
      await expect(
        adapter.sendTransaction({ to: c.address(1, first.caipNetworkId), value: 1n, network: first }),
      ).rejects.toMatchObject({
        code: 'UNSUPPORTED_OPERATION',
        message: `Sending on ${c.namespace} over WalletConnect takes the chain's own signed payload`,
      })
      await expect(adapter.getBalance({ address, network: first })).rejects.toMatchObject({
        code: 'UNSUPPORTED_OPERATION',
        message: `Balances on ${c.namespace} need the Blockchain API`,
      })
      await expect(adapter.estimateGas({ to: address })).rejects.toMatchObject({
        code: 'UNSUPPORTED_OPERATION',
        message: `Gas estimates are eip155 only; ${c.namespace} fees come from the wallet`,
      })
      expect(await adapter.getCapabilities()).toEqual({})
      expect(wallet.requests).toEqual([])
    })
  })
})

describe('a headless kit with polkadot and cosmos over one WalletConnect session', () => {
  test('one proposal connects both; each signs on its chain; an unknown chain sets that namespace’s unsupported network', async () => {
    const wallet = fakeWallet({ polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) })
    const kit = createKitCore(
      {
        networks: [...polkadotNetworks, ...cosmosNetworks],
        adapters: [new UniversalAdapter({ namespace: 'polkadot' }), new UniversalAdapter({ namespace: 'cosmos' })],
        metadata: { name: 'Namespaces', description: 'universal', url: 'http://127.0.0.1', icons: [] },
        enableWalletConnect: true,
        storage: createMemoryStorage(),
        environment: nodeEnvironment(),
      },
      { getWalletConnectProvider: async () => wallet.provider },
    )
    kits.push(kit)
    await kit.ready
    await kit.controllers.connection.connectWalletConnect()
    const state = () => kit.controllers.chain.state.get().namespaces

    expect(wallet.proposals).toHaveLength(1)
    expect(Object.keys(wallet.proposals[0]?.optionalNamespaces ?? {}).sort()).toEqual(['cosmos', 'polkadot'])
    expect(state().polkadot?.account?.status).toBe('connected')
    expect(state().polkadot?.account?.caipAddress).toBe(accountsOn('polkadot', polkadotNetworks[0].caipNetworkId)[0])
    expect(state().cosmos?.account?.status).toBe('connected')
    expect(state().cosmos?.account?.caipAddress).toBe(accountsOn('cosmos', cosmosNetworks[0].caipNetworkId)[0])

    const dot = await kit.signMessage(TEXT, 'polkadot')
    const atom = await kit.signMessage(TEXT, 'cosmos')
    expect(wallet.requests.map((r) => [r.method, r.caipNetworkId])).toEqual([
      ['polkadot_signMessage', polkadotNetworks[0].caipNetworkId],
      ['cosmos_signAmino', cosmosNetworks[0].caipNetworkId],
    ])
    expect(verifyPolkadotSignature(polkadot.address(0, polkadotNetworks[0].caipNetworkId), textBytes, dot)).toBe(true)
    expect(verifyAdr036Signature(cosmosAddress(0), textBytes, atom)).toBe(true)

    wallet.moveTo(polkadot.unknownChain)
    await expect.poll(() => state().polkadot?.caipNetwork?.caipNetworkId).toBe(polkadot.unknownChain)
    expect(state().polkadot?.caipNetwork?.name).toBe(UNSUPPORTED_NETWORK_NAME)
    expect(state().cosmos?.caipNetwork?.caipNetworkId).toBe(cosmosNetworks[0].caipNetworkId)

    wallet.moveTo(cosmos.unknownChain)
    await expect.poll(() => state().cosmos?.caipNetwork?.caipNetworkId).toBe(cosmos.unknownChain)
    expect(state().cosmos?.caipNetwork?.name).toBe(UNSUPPORTED_NETWORK_NAME)
    expect(state().polkadot?.account?.status).toBe('connected')
    expect(state().cosmos?.account?.status).toBe('connected')
  })
})
