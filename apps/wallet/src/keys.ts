// The Solana test keypairs of tools/solana-chains, derived here without its chain machinery (Node only).
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'

/**
 * Test keypair `index` of tools/solana-chains (0–9 are funded on both clusters): its ed25519 seed is the SHA-256 of
 * `latchkey solana test keypair <index>`. Returns the 64-byte secret key (seed, then public key) in base64.
 */
export function solanaTestSecretKey(index: number): string {
  const seed = createHash('sha256').update(`latchkey solana test keypair ${index}`).digest()
  // PKCS#8 for an Ed25519 private key: a fixed 16-byte prefix, then the 32-byte seed (RFC 8410).
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed])
  const jwk = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({
    format: 'jwk',
  })
  return Buffer.concat([seed, Buffer.from(String(jwk.x), 'base64url')]).toString('base64')
}
