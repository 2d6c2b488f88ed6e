/** Two colours from an address, so an account without a profile image still has a recognisable avatar. */
export function avatarGradient(address: string): string {
  // FNV-1a over the address (hex addresses lowercased: their case is only a checksum), so base58 and bech32
  // addresses get colours too.
  const text = /^0x[0-9a-f]+$/i.test(address) ? address.toLowerCase() : address
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  const a = hash % 360
  const b = (hash >>> 9) % 360
  return `radial-gradient(75% 75% at 30% 25%, hsl(${a} 85% 72%) 0%, hsl(${b} 75% 48%) 100%)`
}
