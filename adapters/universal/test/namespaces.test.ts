// The universal adapter on the namespaces no chain-library adapter serves, polkadot and cosmos, over a WalletConnect
// provider faked here: its session holds accounts of real keys and its wallet answers as a real one would, with real
// signatures (Ed25519 or Sr25519 on polkadot, whose addresses are SS58; secp256k1 over the ADR-036 sign doc on cosmos,
// whose addresses are bech32). Keys, addresses, sign docs and signature checks are written here from the chains' own
// specifications (Sr25519 through @scure/sr25519), never through the adapter's code. Nothing here reaches a network:
// every RPC URL is a closed port.
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
  nodeEnvironment,
  normalizeProviderError,
  type ProposalNamespace,
  ProviderRpcError,
  type SessionNamespace,
  UNSUPPORTED_NETWORK_NAME,
  UserRejectedRequestError,
  WALLETCONNECT_NAMESPACE_DEFAULTS,
  type WalletConnectEvents,
  type WalletConnectProvider,
  type WalletConnectSession,
} from '@latchkey/core'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base58, base64, bech32, hex, utf8 } from '@scure/base'
import * as sr25519 from '@scure/sr25519'
import { afterEach, describe, expect, test } from 'vitest'
import { UniversalAdapter } from '../src/index.js'

// ---- polkadot: Ed25519 keys, SS58 addresses ----

const seed = (label: string) => sha256(utf8.decode(`latchkey namespaces test: ${label}`))
const SS58_CONTEXT = utf8.decode('SS58PRE')

/**
 * An SS58 address: the network prefix (one byte below 64; from 64 to 16383 the spec's two bytes, the first in 64 to
 * 127), the 32-byte public key, two bytes of blake2b-512 checksum.
 */
function ss58(publicKey: Uint8Array, prefix: number): string {
  const ident =
    prefix < 64
      ? Uint8Array.of(prefix)
      : Uint8Array.of(((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6))
  const payload = Uint8Array.of(...ident, ...publicKey)
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

/** An Sr25519 key (as Substrate wallets hold: a 64-byte secret from a 32-byte seed). */
function sr25519Key(label: string) {
  const secret = sr25519.secretFromSeed(seed(`polkadot sr25519 ${label}`))
  return { secret, publicKey: sr25519.getPublicKey(secret) }
}

/** What polkadot.js extension wallets sign for `signRaw`: the bytes wrapped in `<Bytes>…</Bytes>`. */
const wrapBytes = (message: Uint8Array) =>
  Uint8Array.of(...utf8.decode('<Bytes>'), ...message, ...utf8.decode('</Bytes>'))

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
    if (sig.length !== 64 || bech32.fromWords(words).length !== 20) return false
    const digest = signDocDigest(adr036SignDoc(address, data))
    return [0, 1].some((recovery) => {
      try {
        const key = secp256k1.Signature.fromCompact(sig)
          .addRecoveryBit(recovery)
          .recoverPublicKey(digest)
          .toRawBytes(true)
        return (
          bech32.encode(prefix, bech32.toWords(hash160(key))) === address &&
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
  return /^0x([0-9a-fA-F]{2})*$/.test(message)
    ? hex.decode(message.slice(2).toLowerCase())
    : utf8.decode(message)
}

/** polkadot_signMessage by `signer` (default: the key the request's address names on its chain). */
function polkadotSigner(signer?: { secret: Uint8Array }): Handler {
  return ({ params, caipNetworkId }) => {
    const { address, message } = params as { address: string; message: string }
    const key = signer ?? polkadotKeys.find((k) => ss58(k.publicKey, ss58PrefixOf(caipNetworkId)) === address)
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
      peer: {
        metadata: { name: 'Fake wallet', description: 'namespaces test', url: 'http://127.0.0.1', icons: [] },
      },
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
  /** Answers of the wrong shape. */
  malformedAnswers: [string, unknown][]
  /** What the adapter says of an answer of the right shape but not a signature's length. */
  wrongLength: string
  /** Answers of the right shape (0x-hex) but not a signature's length. */
  wrongLengthAnswers: [string, unknown][]
  /** What the adapter says of a well-formed signature by another key than the account's. */
  notTheAccounts: string
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
    ['odd-length hex', { signature: `0x${hex.encode(bytes64).slice(1)}` }],
  ],
  wrongLength:
    'The wallet answered polkadot_signMessage with a signature that is neither 64 bytes nor 65 with an Ed25519 (0x00) or Sr25519 (0x01) type byte.',
  wrongLengthAnswers: [
    ['a 32-byte signature', { signature: `0x${hex.encode(bytes64.slice(0, 32))}` }],
    ['a one-byte signature', { signature: '0x01' }],
    ['63 bytes', { signature: `0x${hex.encode(bytes64.slice(1))}` }],
    ['66 bytes', { signature: `0x0100${hex.encode(bytes64)}` }],
    ['65 bytes with the ECDSA type byte (0x02)', { signature: `0x02${hex.encode(bytes64)}` }],
    ['65 bytes with no type byte (0xff)', { signature: `0xff${hex.encode(bytes64)}` }],
  ],
  notTheAccounts: "The wallet answered polkadot_signMessage with a signature that is not the account's.",
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
    [
      '65 bytes (a recoverable signature)',
      { signature: { signature: base64.encode(Uint8Array.of(1, ...bytes64)) } },
    ],
    ['hex instead of base64', { signature: { signature: `0x${hex.encode(bytes64)}` } }],
    ['text that is not base64', { signature: { signature: '!'.repeat(88) } }],
    ['an empty signature', { signature: { signature: '' } }],
  ],
  wrongLength: 'The wallet answered cosmos_signAmino with a signature that is not 64 bytes of base64.',
  // base64 of another length is among the malformed answers above (63 and 65 bytes).
  wrongLengthAnswers: [],
  // The wallet's key signed, and its answer names that key: the pub_key is refused first.
  notTheAccounts: "The wallet answered cosmos_signAmino with a pub_key that is not the account's.",
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
              rpcMap: {
                [String(first.id)]: first.rpcUrls.default.http[0],
                [String(second.id)]: second.rpcUrls.default.http[0],
              },
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
      const wallet = fakeWallet(
        { polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) },
        { connected: true },
      )
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
      expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(
        accountsOn(c.namespace, second.caipNetworkId),
      )

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

    test.each(c.malformedAnswers)(
      'refuses a wallet answer with %s, never handing it out',
      async (_, answer) => {
        const { wallet, adapter } = await connected()
        wallet.answer(c.method, () => answer)

        const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

        expect(error).toBeInstanceOf(ProviderRpcError)
        expect(error).toMatchObject({ code: -32603, message: c.malformed })
        expect(wallet.requests).toHaveLength(1)
        // A failed call leaves the adapter as it was.
        expect(adapter.getNetwork()).toBe(first)
        expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(
          accountsOn(c.namespace, first.caipNetworkId),
        )
      },
    )

    if (c.wrongLengthAnswers.length > 0)
      test.each(c.wrongLengthAnswers)(
        'refuses a wallet answer with %s, never handing it out',
        async (_, answer) => {
          const { wallet, adapter } = await connected()
          wallet.answer(c.method, () => answer)

          const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

          expect(error).toBeInstanceOf(ProviderRpcError)
          expect(error).toMatchObject({ code: -32603, message: c.wrongLength })
          expect(wallet.requests).toHaveLength(1)
          expect(adapter.getNetwork()).toBe(first)
        },
      )

    test('refuses a well-formed signature by another key than the account’s', async () => {
      const { wallet, adapter } = await connected()
      wallet.answer(c.method, c.otherKey)
      const address = c.address(0, first.caipNetworkId)

      const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: -32603, message: c.notTheAccounts })
      expect(wallet.requests).toHaveLength(1)
      // What it would have handed out is a real signature, by the other key: never the account's.
      const forged = c.signatureOf(wallet.answers[0])
      expect(c.verify(address, textBytes, forged)).toBe(false)
      // The next request, signed by the account's key, goes through.
      wallet.answer(c.method, c.namespace === 'polkadot' ? polkadotSigner() : cosmosSigner())
      const { signature } = await adapter.signMessage({ message: TEXT })
      expect(c.verify(address, textBytes, signature)).toBe(true)
    })

    test('(the other-key fixture) the other-key answer is a genuine signature by the other key, not the account’s', () => {
      const address = c.address(0, first.caipNetworkId)
      const answer = c.otherKey({
        method: c.method,
        params: c.params(address, textBytes),
        caipNetworkId: first.caipNetworkId,
      })
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
    test('checks the wallet’s signature (true), a tampered message or another address (false)', async () => {
      const { adapter } = await connected()
      const { signature, address } = await adapter.signMessage({ message: TEXT })
      const check = (params: { address: string; message: string }) =>
        adapter.verifyMessage({ ...params, signature, network: first })
      expect(await check({ address, message: TEXT })).toBe(true)
      expect(await check({ address, message: `${TEXT}.` })).toBe(false)
      expect(await check({ address: c.address(1, first.caipNetworkId), message: TEXT })).toBe(false)
    })

    test('checks raw messages, bytes or hex, as the bytes they are', async () => {
      const { adapter } = await connected()
      const raw = Uint8Array.of(0, 1, 2, 0xfe, 0xff)
      const { signature, address } = await adapter.signMessage({ message: { raw } })
      const check = (message: { raw: Uint8Array | `0x${string}` } | string) =>
        adapter.verifyMessage({ address, message, signature, network: first })
      expect(await check({ raw })).toBe(true)
      expect(await check({ raw: '0x000102FEff' })).toBe(true)
      expect(await check({ raw: '0x000102feFE' })).toBe(false)
      expect(await check('0x000102feff')).toBe(false)
    })

    test('a signature by another key, or one that is not a signature at all, is false, never an exception', async () => {
      const { adapter } = await connected()
      const address = c.address(0, first.caipNetworkId)
      const forged = c.signatureOf(
        c.otherKey({
          method: c.method,
          params: c.params(address, textBytes),
          caipNetworkId: first.caipNetworkId,
        }),
      )
      const check = (params: { address?: string; signature: string }) =>
        adapter.verifyMessage({ address, message: TEXT, network: first, ...params })
      expect(await check({ signature: forged })).toBe(false)
      for (const signature of [
        '',
        '0x',
        'not a signature',
        `0x${hex.encode(bytes64)}`,
        base64.encode(bytes64),
      ])
        expect(await check({ signature })).toBe(false)
      // Not an address of the namespace.
      const { signature } = await adapter.signMessage({ message: TEXT })
      expect(await check({ signature })).toBe(true)
      expect(await check({ address: 'not an address', signature })).toBe(false)
      expect(
        await check({ address: `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`, signature }),
      ).toBe(false)
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
      expect(adapter.getAccounts().map((a) => a.caipAddress)).toEqual(
        accountsOn(c.namespace, second.caipNetworkId),
      )
      expect(wallet.requests).toEqual([])
    })

    test('for another namespace’s chain changes nothing here', async () => {
      const wallet = fakeWallet(
        { polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) },
        { connected: true },
      )
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

// ---- what polkadot wallets answer: Sr25519 keys, <Bytes>-wrapped messages, typed signatures, SS58 prefixes ----

/** A polkadot_signMessage answer: `sign` over the message (wrapped as polkadot.js extensions do, when asked). */
function polkadotAnswer(
  sign: (message: Uint8Array) => Uint8Array,
  options: { wrap?: boolean; typeByte?: number } = {},
): Handler {
  return ({ params }) => {
    const message = messageParam((params as { message: string }).message)
    const signature = sign(options.wrap ? wrapBytes(message) : message)
    const typed = options.typeByte === undefined ? signature : Uint8Array.of(options.typeByte, ...signature)
    return { signature: `0x${hex.encode(typed)}` }
  }
}

describe('UniversalAdapter (polkadot): the signatures Substrate wallets answer', () => {
  const [first] = polkadotNetworks
  const carol = sr25519Key('carol')
  const carolAddress = ss58(carol.publicKey, 0)
  const srMallory = sr25519Key('mallory')
  const alice = polkadotKeys[0] as { secret: Uint8Array; publicKey: Uint8Array }
  const aliceAddress = ss58(alice.publicKey, 0)
  const edSign = (key: { secret: Uint8Array }) => (message: Uint8Array) => ed25519.sign(message, key.secret)
  const srSign = (key: { secret: Uint8Array }) => (message: Uint8Array) => sr25519.sign(key.secret, message)
  const signatureBytes = (signature: string) => hex.decode(signature.slice(2))

  /** The adapter connected to a wallet holding `address` alone on Polkadot, answering with `handler`. */
  async function connectedAs(address: string, handler: Handler) {
    const wallet = fakeWallet({
      polkadot: { chains: [first.caipNetworkId], accounts: [`${first.caipNetworkId}:${address}`] },
    })
    wallet.answer('polkadot_signMessage', handler)
    const { adapter } = await adapterOver(polkadot, wallet)
    await adapter.connect({ connectorId: 'walletConnect' })
    return { wallet, adapter }
  }

  test('an Sr25519 account: the wallet’s real Sr25519 signature is handed out and verifyMessage checks it', async () => {
    const { wallet, adapter } = await connectedAs(carolAddress, polkadotAnswer(srSign(carol)))

    const { signature, address } = await adapter.signMessage({ message: TEXT })

    expect(address).toBe(carolAddress)
    expect(signature).toBe(polkadot.signatureOf(wallet.answers[0]))
    expect(sr25519.verify(textBytes, signatureBytes(signature), carol.publicKey)).toBe(true)
    expect(sr25519.verify(textBytes, signatureBytes(signature), srMallory.publicKey)).toBe(false)
    const check = (params: { address: string; message: string }) =>
      adapter.verifyMessage({ ...params, signature, network: first })
    expect(await check({ address, message: TEXT })).toBe(true)
    expect(await check({ address, message: `${TEXT}.` })).toBe(false)
    expect(await check({ address: ss58(srMallory.publicKey, 0), message: TEXT })).toBe(false)
    // The key is the account: the same key under Kusama's prefix is the same signer.
    expect(await check({ address: ss58(carol.publicKey, 2), message: TEXT })).toBe(true)
  })

  test('an Sr25519 signature by another key than the account’s is refused', async () => {
    const { wallet, adapter } = await connectedAs(carolAddress, polkadotAnswer(srSign(srMallory)))

    const error = await adapter.signMessage({ message: TEXT }).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: -32603, message: polkadot.notTheAccounts })
    const forged = signatureBytes(polkadot.signatureOf(wallet.answers[0]))
    expect(sr25519.verify(textBytes, forged, srMallory.publicKey)).toBe(true)
  })

  test.each([
    ['Ed25519', aliceAddress, edSign(alice)],
    ['Sr25519', carolAddress, srSign(carol)],
  ] as const)(
    'a %s signature of the <Bytes>-wrapped message (polkadot.js extensions) is the account’s',
    async (scheme, address, sign) => {
      const { wallet, adapter } = await connectedAs(address, polkadotAnswer(sign, { wrap: true }))

      const { signature } = await adapter.signMessage({ message: TEXT })

      expect(signature).toBe(polkadot.signatureOf(wallet.answers[0]))
      // It is the wrapped bytes that were signed, not the message's.
      const verifies = (message: Uint8Array) =>
        scheme === 'Ed25519'
          ? ed25519.verify(signatureBytes(signature), message, alice.publicKey)
          : sr25519.verify(message, signatureBytes(signature), carol.publicKey)
      expect(verifies(wrapBytes(textBytes))).toBe(true)
      expect(verifies(textBytes)).toBe(false)
      const check = (message: string) =>
        adapter.verifyMessage({ address, message, signature, network: first })
      expect(await check(TEXT)).toBe(true)
      expect(await check(`${TEXT}.`)).toBe(false)
      // A message already wrapped is the very bytes signed (polkadot.js does not wrap twice).
      expect(await check(`<Bytes>${TEXT}</Bytes>`)).toBe(true)
      expect(await check(`<Bytes><Bytes>${TEXT}</Bytes></Bytes>`)).toBe(false)
    },
  )

  test('a wrapped signature of another message is refused', async () => {
    const { adapter } = await connectedAs(
      aliceAddress,
      polkadotAnswer((message) => ed25519.sign(Uint8Array.of(...message, 0x2e), alice.secret), {
        wrap: true,
      }),
    )
    await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject({
      code: -32603,
      message: polkadot.notTheAccounts,
    })
  })

  test('65-byte signatures: the type byte (0x00 Ed25519, 0x01 Sr25519) must name the scheme that signed', async () => {
    const accepted = [
      { address: aliceAddress, handler: polkadotAnswer(edSign(alice), { typeByte: 0x00 }) },
      { address: carolAddress, handler: polkadotAnswer(srSign(carol), { typeByte: 0x01 }) },
    ]
    for (const { address, handler } of accepted) {
      const { wallet, adapter } = await connectedAs(address, handler)
      const { signature } = await adapter.signMessage({ message: TEXT })
      // Handed out as the wallet wrote it, type byte and all.
      expect(signature).toBe(polkadot.signatureOf(wallet.answers[0]))
      expect(signatureBytes(signature)).toHaveLength(65)
      expect(await adapter.verifyMessage({ address, message: TEXT, signature, network: first })).toBe(true)
    }
    const misnamed = [
      { address: aliceAddress, handler: polkadotAnswer(edSign(alice), { typeByte: 0x01 }) },
      { address: carolAddress, handler: polkadotAnswer(srSign(carol), { typeByte: 0x00 }) },
    ]
    for (const { address, handler } of misnamed) {
      const { adapter } = await connectedAs(address, handler)
      await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject({
        code: -32603,
        message: polkadot.notTheAccounts,
      })
    }
    // verifyMessage reads the type byte the same way.
    const { adapter } = await connectedAs(aliceAddress, polkadotAnswer(edSign(alice)))
    const bare = hex.encode(ed25519.sign(textBytes, alice.secret))
    const check = (signature: string) =>
      adapter.verifyMessage({ address: aliceAddress, message: TEXT, signature, network: first })
    expect(await check(`0x${bare}`)).toBe(true)
    expect(await check(`0x00${bare}`)).toBe(true)
    expect(await check(`0x01${bare}`)).toBe(false)
    expect(await check(`0x02${bare}`)).toBe(false)
  })

  test('verifyMessage reads SS58 addresses of one- and two-byte prefixes, and refuses a wrong checksum', async () => {
    const { adapter } = await adapterOver(polkadot, fakeWallet({ polkadot: fullGrant(polkadot) }))
    const signature = `0x${hex.encode(ed25519.sign(textBytes, alice.secret))}`
    const check = (address: string) =>
      adapter.verifyMessage({ address, message: TEXT, signature, network: first })

    for (const prefix of [0, 2, 42, 63]) {
      expect(base58.decode(ss58(alice.publicKey, prefix))).toHaveLength(35)
      expect(await check(ss58(alice.publicKey, prefix))).toBe(true)
    }
    for (const prefix of [64, 255, 1284, 16383]) {
      expect(base58.decode(ss58(alice.publicKey, prefix))).toHaveLength(36)
      expect(await check(ss58(alice.publicKey, prefix))).toBe(true)
    }
    // Another key's address, under either prefix length.
    expect(await check(ss58(polkadotMallory.publicKey, 0))).toBe(false)
    expect(await check(ss58(polkadotMallory.publicKey, 1284))).toBe(false)
    // The right key, a broken checksum (one- and two-byte prefixes).
    for (const address of [ss58(alice.publicKey, 0), ss58(alice.publicKey, 1284)]) {
      const bytes = base58.decode(address)
      const last = bytes.length - 1
      bytes[last] = (bytes[last] as number) ^ 1
      expect(await check(base58.encode(bytes))).toBe(false)
    }
    // A first byte of 128 or more is no SS58 prefix; nor is a bare public key an address.
    const payload = Uint8Array.of(0x80, 0x00, ...alice.publicKey)
    const checksum = blake2b(Uint8Array.of(...SS58_CONTEXT, ...payload), { dkLen: 64 }).slice(0, 2)
    expect(await check(base58.encode(Uint8Array.of(...payload, ...checksum)))).toBe(false)
    expect(await check(base58.encode(alice.publicKey))).toBe(false)
  })
})

// ---- what cosmos wallets answer: the StdSignature's pub_key, the sign doc that was signed ----

describe('UniversalAdapter (cosmos): the StdSignature’s pub_key and the sign doc signed', () => {
  const [first] = cosmosNetworks
  const alice = cosmosKeys[0] as { secret: Uint8Array; publicKey: Uint8Array; address: string }
  const pubKey = (key: Uint8Array) => ({ type: 'tendermint/PubKeySecp256k1', value: base64.encode(key) })

  /** A cosmos_signAmino answer: `signer` signs the sign doc (after `edit`), the answer carrying `pub_key`. */
  function cosmosAnswer(
    signer: { secret: Uint8Array },
    publicKey: unknown,
    edit: (signDoc: ReturnType<typeof adr036SignDoc>) => unknown = (doc) => doc,
  ): Handler {
    return ({ params }) => {
      const signDoc = edit((params as { signDoc: ReturnType<typeof adr036SignDoc> }).signDoc)
      const signature = base64.encode(
        secp256k1.sign(signDocDigest(signDoc), signer.secret).toCompactRawBytes(),
      )
      const stdSignature = publicKey === undefined ? { signature } : { pub_key: publicKey, signature }
      return { signed: signDoc, signature: stdSignature }
    }
  }

  async function connectedWith(handler: Handler) {
    const wallet = fakeWallet({ cosmos: fullGrant(cosmos) })
    wallet.answer('cosmos_signAmino', handler)
    const { adapter } = await adapterOver(cosmos, wallet)
    await adapter.connect({ connectorId: 'walletConnect' })
    return { wallet, adapter }
  }

  const refusal = (what: string) => ({
    code: -32603,
    message: `The wallet answered cosmos_signAmino with ${what}.`,
  })

  test('the account’s signature with another key as pub_key is refused', async () => {
    const { adapter } = await connectedWith(cosmosAnswer(alice, pubKey(cosmosMallory.publicKey)))
    await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject(
      refusal("a pub_key that is not the account's"),
    )
  })

  test('another key’s signature is refused though the pub_key names the account', async () => {
    const { wallet, adapter } = await connectedWith(cosmosAnswer(cosmosMallory, pubKey(alice.publicKey)))
    await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject(
      refusal("a signature that is not the account's"),
    )
    // It is a genuine signature of the doc sent, by the other key.
    const forged = cosmos.signatureOf(wallet.answers[0])
    const digest = signDocDigest(adr036SignDoc(alice.address, textBytes))
    expect(secp256k1.verify(base64.decode(forged), digest, cosmosMallory.publicKey)).toBe(true)
  })

  test.each([
    ['an ethsecp256k1 type', { type: 'ethermint/PubKeyEthSecp256k1', value: base64.encode(alice.publicKey) }],
    ['an uncompressed key', pubKey(secp256k1.getPublicKey(alice.secret, false))],
    ['a value that is not base64', { type: 'tendermint/PubKeySecp256k1', value: '!'.repeat(44) }],
    ['no value', { type: 'tendermint/PubKeySecp256k1' }],
    ['the key as bare base64', base64.encode(alice.publicKey)],
  ])('a pub_key with %s is refused, the signature being the account’s', async (_, key) => {
    const { adapter } = await connectedWith(cosmosAnswer(alice, key))
    await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject(
      refusal('a pub_key that is not a compressed secp256k1 public key'),
    )
  })

  test('without a pub_key the key is recovered: the account’s signature is handed out, another key’s refused', async () => {
    const { wallet, adapter } = await connectedWith(cosmosAnswer(alice, undefined))
    const { signature, address } = await adapter.signMessage({ message: TEXT })
    expect(signature).toBe(cosmos.signatureOf(wallet.answers[0]))
    expect(verifyAdr036Signature(address, textBytes, signature)).toBe(true)

    wallet.answer('cosmos_signAmino', cosmosAnswer(cosmosMallory, undefined))
    await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject(
      refusal("a signature that is not the account's"),
    )
  })

  test.each([
    ['a memo', (doc: ReturnType<typeof adr036SignDoc>) => ({ ...doc, memo: 'x' })],
    ['a chain id', (doc: ReturnType<typeof adr036SignDoc>) => ({ ...doc, chain_id: 'cosmoshub-4' })],
    [
      'other data',
      (doc: ReturnType<typeof adr036SignDoc>) => ({
        ...doc,
        msgs: [
          {
            type: 'sign/MsgSignData',
            value: { signer: alice.address, data: base64.encode(utf8.decode('x')) },
          },
        ],
      }),
    ],
  ])(
    'the account’s signature of a sign doc with %s changed is refused, whatever `signed` says',
    async (_, edit) => {
      const { wallet, adapter } = await connectedWith(cosmosAnswer(alice, pubKey(alice.publicKey), edit))
      await expect(adapter.signMessage({ message: TEXT })).rejects.toMatchObject(
        refusal("a signature that is not the account's"),
      )
      // The wallet did sign the doc it echoes, with the account's key.
      const answer = wallet.answers[0] as { signed: unknown }
      const signature = base64.decode(cosmos.signatureOf(answer))
      expect(secp256k1.verify(signature, signDocDigest(answer.signed), alice.publicKey)).toBe(true)
    },
  )

  test('verifyMessage refuses the high-s twin of a valid signature, as the chain does', async () => {
    const { adapter } = await connectedWith(cosmosSigner())
    const { signature, address } = await adapter.signMessage({ message: TEXT })
    const low = secp256k1.Signature.fromCompact(base64.decode(signature))
    const high = base64.encode(new secp256k1.Signature(low.r, secp256k1.CURVE.n - low.s).toCompactRawBytes())
    expect(high).not.toBe(signature)
    const check = (sig: string) =>
      adapter.verifyMessage({ address, message: TEXT, signature: sig, network: first })
    expect(await check(signature)).toBe(true)
    expect(await check(high)).toBe(false)
    // The reference check agrees.
    expect(verifyAdr036Signature(address, textBytes, high)).toBe(false)
  })
})

describe('a headless kit with polkadot and cosmos over one WalletConnect session', () => {
  test('one proposal connects both; each signs on its chain; an unknown chain sets that namespace’s unsupported network', async () => {
    const wallet = fakeWallet({ polkadot: fullGrant(polkadot), cosmos: fullGrant(cosmos) })
    const kit = createKitCore(
      {
        networks: [...polkadotNetworks, ...cosmosNetworks],
        adapters: [
          new UniversalAdapter({ namespace: 'polkadot' }),
          new UniversalAdapter({ namespace: 'cosmos' }),
        ],
        metadata: { name: 'Namespaces', description: 'universal', url: 'http://127.0.0.1', icons: [] },
        enableWalletConnect: true,
        // A relay of the host's own (the fake wallet's provider never opens it): without one, and without a project
        // id, the kit offers no WalletConnect.
        services: { walletConnectRelayUrl: 'ws://127.0.0.1:9' },
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
    expect(state().polkadot?.account?.caipAddress).toBe(
      accountsOn('polkadot', polkadotNetworks[0].caipNetworkId)[0],
    )
    expect(state().cosmos?.account?.status).toBe('connected')
    expect(state().cosmos?.account?.caipAddress).toBe(
      accountsOn('cosmos', cosmosNetworks[0].caipNetworkId)[0],
    )

    const dot = await kit.signMessage(TEXT, 'polkadot')
    const atom = await kit.signMessage(TEXT, 'cosmos')
    expect(wallet.requests.map((r) => [r.method, r.caipNetworkId])).toEqual([
      ['polkadot_signMessage', polkadotNetworks[0].caipNetworkId],
      ['cosmos_signAmino', cosmosNetworks[0].caipNetworkId],
    ])
    expect(
      verifyPolkadotSignature(polkadot.address(0, polkadotNetworks[0].caipNetworkId), textBytes, dot),
    ).toBe(true)
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
