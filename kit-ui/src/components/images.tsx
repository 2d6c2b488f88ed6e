import { isSafeImageUrl } from '@latchkey/core'
import { useState } from 'preact/hooks'

/**
 * A wallet's or network's image: only through `<img>` and only from https, data:image, blob or loopback http
 * URLs (core's rule); otherwise, or when it fails to load, the name's first letter as text.
 */
export function Tile({ src, name, size }: { src?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false)
  const style = size ? { width: `${size}px`, height: `${size}px` } : undefined
  return (
    <span class="tile" style={style} aria-hidden="true">
      {isSafeImageUrl(src) && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} referrerpolicy="no-referrer" />
      ) : (
        (name.trim()[0] ?? '?').toUpperCase()
      )}
    </span>
  )
}

/** Two colours from an address, so an account without a profile image still has a recognisable avatar. */
function avatarGradient(address: string): string {
  // FNV-1a over the address (hex addresses lowercased: their case is only a checksum), so base58 and bech32
  // addresses get colours too.
  const text = /^0x[0-9a-f]+$/i.test(address) ? address.toLowerCase() : address
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  const a = hash % 360
  const b = (hash >>> 9) % 360
  return `radial-gradient(75% 75% at 30% 25%, hsl(${a} 85% 72%) 0%, hsl(${b} 75% 48%) 100%)`
}

/** An account's avatar: the profile image when it is a safe URL, else a gradient drawn from the address. */
export function Avatar({ address, image, size }: { address: string; image?: string | null; size: number }) {
  const [failed, setFailed] = useState(false)
  const style = { width: `${size}px`, height: `${size}px`, background: avatarGradient(address) }
  return (
    <span class="avatar" style={style} aria-hidden="true">
      {isSafeImageUrl(image) && !failed ? (
        <img src={image} alt="" onError={() => setFailed(true)} referrerpolicy="no-referrer" />
      ) : null}
    </span>
  )
}
