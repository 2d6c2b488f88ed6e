import type { WalletListing } from '@latchkey/core'
import { useEffect, useState } from 'preact/hooks'
import type { UiKit } from '../kit/types.js'
import { Tile } from './images.js'

/**
 * A listed wallet's image through core: the listing's image URL or the wallet's own checked URL, else the Provider
 * API's image endpoint URL for its image id (core keeps only URLs that pass `isSafeImageUrl`, which `Tile` checks
 * again); the <img> loads it, lazily in long lists. Until then, and when there is none, the name's first letter.
 */
export function WalletImage(props: {
  kit: UiKit
  wallet: WalletListing
  size?: number
  known?: string
  lazy?: boolean
}) {
  const { kit, wallet, size } = props
  const { listing, providerApi } = kit.controllers
  // A list passes the image it already looked up (its cells are drawn again only when that changes).
  const known = 'known' in props ? props.known : listing.getWalletImage(wallet)
  const [fetched, setFetched] = useState<string | undefined>(undefined)
  const imageId = wallet.image_id
  useEffect(() => {
    if (known || !imageId || !providerApi) return
    let live = true
    void providerApi.getWalletImage(imageId).then((url) => {
      if (live && url) setFetched(url)
    })
    return () => {
      live = false
    }
  }, [known, imageId, providerApi])
  return <Tile src={known ?? fetched} name={wallet.name || wallet.id} size={size} lazy={props.lazy} />
}
