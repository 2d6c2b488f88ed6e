import { ANY_IMAGE_HOST, isSafeImageUrl } from '@latchkey/core'
import { useState } from 'preact/hooks'
import { avatarGradient } from './avatar-gradient.js'

/**
 * A wallet's or network's image: only through `<img>` and only from https, data:image, blob or (core having
 * applied the kit's policy) local http URLs; otherwise, or when it fails to load, the name's first letter as text.
 */
export function Tile({
  src,
  name,
  size,
  lazy,
}: {
  src?: string | null
  name: string
  size?: number
  /** Load the image only as it nears the viewport (long lists). */
  lazy?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const style = size ? { width: `${size}px`, height: `${size}px` } : undefined
  return (
    <span class="tile" style={style} aria-hidden="true">
      {isSafeImageUrl(src, ANY_IMAGE_HOST) && !failed ? (
        <img
          src={src}
          alt=""
          onError={() => setFailed(true)}
          referrerpolicy="no-referrer"
          decoding="async"
          {...(lazy ? { loading: 'lazy' as const } : {})}
        />
      ) : (
        (name.trim()[0] ?? '?').toUpperCase()
      )}
    </span>
  )
}

/** An account's avatar: the profile image when it is a safe URL, else a gradient drawn from the address. */
export function Avatar({ address, image, size }: { address: string; image?: string | null; size: number }) {
  const [failed, setFailed] = useState(false)
  const style = { width: `${size}px`, height: `${size}px`, background: avatarGradient(address) }
  return (
    <span class="avatar" style={style} aria-hidden="true">
      {isSafeImageUrl(image, ANY_IMAGE_HOST) && !failed ? (
        <img src={image} alt="" onError={() => setFailed(true)} referrerpolicy="no-referrer" />
      ) : null}
    </span>
  )
}
