// The real genesis blocks of Bitcoin's regtest and testnet3: a local network starts from the one of its kind, so
// its genesis hash (and so its CAIP-2 id, the hash's first 32 hex characters) is the one wallets and libraries
// name that network by: bip122:0f9188f13cb7b2c71f2a335e3a4fc328 (regtest), bip122:000000000933ea01ad0ee984209779ba
// (testnet).
import { Block, Transaction } from 'bitcoinjs-lib'

/** The genesis coinbase every Bitcoin network shares ("The Times 03/Jan/2009 …"); its output is unspendable. */
const GENESIS_COINBASE_HEX =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054' +
  '696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420' +
  '666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61' +
  'deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000'

/** Header fields that differ per network, and the hash they give. */
const HEADERS = {
  regtest: {
    bits: 0x207fffff,
    nonce: 2,
    hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  },
  testnet: {
    bits: 0x1d00ffff,
    nonce: 414098458,
    hash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  },
} as const

/** The genesis block of a network kind: its coinbase, header hash and time. */
export interface GenesisBlock {
  readonly coinbase: Transaction
  readonly hash: string
  readonly time: number
}

/**
 * Rebuilds the genesis block of `kind` from its published fields.
 * @throws Error if the rebuilt header does not hash to the published genesis hash (a corrupted constant).
 */
export function genesisBlock(kind: keyof typeof HEADERS): GenesisBlock {
  const coinbase = Transaction.fromHex(GENESIS_COINBASE_HEX)
  const { bits, nonce, hash } = HEADERS[kind]
  const header = new Block()
  header.version = 1
  header.prevHash = new Uint8Array(32)
  header.merkleRoot = Block.calculateMerkleRoot([coinbase])
  header.timestamp = 1296688602
  header.bits = bits
  header.nonce = nonce
  if (header.getId() !== hash) throw new Error(`The ${kind} genesis block does not hash to ${hash}`)
  return { coinbase, hash, time: header.timestamp }
}
