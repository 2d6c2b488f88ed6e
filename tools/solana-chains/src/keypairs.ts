import { createHash } from 'node:crypto'
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'

/** How many test keypairs are funded on every cluster (indexes 0..9). */
export const FUNDED_KEYPAIR_COUNT = 10
/** Lamports each funded keypair holds at start (1000 SOL). */
export const FUNDED_LAMPORTS = 1000n * BigInt(LAMPORTS_PER_SOL)
/** Base units of the test mint each funded keypair holds at start (1,000,000 LUSD at 6 decimals). */
export const FUNDED_TOKEN_AMOUNT = 1_000_000n * 1_000_000n

/** The text hashed (SHA-256) into the 32-byte ed25519 seed of test keypair `index`. */
export function keypairSeedText(index: number): string {
  return `latchkey solana test keypair ${index}`
}

function seeded(text: string): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(text).digest())
}

/**
 * Test keypair `index`: the same on every machine (its seed is the SHA-256 of {@link keypairSeedText}).
 * Indexes 0..9 are funded on both clusters; higher indexes are valid but hold nothing. Throws on a
 * negative or non-integer index.
 */
export function getTestKeypair(index: number): Keypair {
  if (!Number.isInteger(index) || index < 0) {
    throw new RangeError(`A test keypair index is a non-negative integer, got ${index}.`)
  }
  return seeded(keypairSeedText(index))
}

/** Test keypairs 0..count-1 (default: the funded ones). */
export function getTestKeypairs(count: number = FUNDED_KEYPAIR_COUNT): Keypair[] {
  return Array.from({ length: count }, (_, index) => getTestKeypair(index))
}

/** The keypair whose public key is the test mint's address (fixed). */
export function getMintKeypair(): Keypair {
  return seeded('latchkey solana test mint LUSD')
}

/** The test mint's mint authority: it may mint more LUSD on either cluster. */
export function getMintAuthorityKeypair(): Keypair {
  return seeded('latchkey solana test mint authority')
}
