import { type Connector, isSafeWebLink, type ListedWallet } from '@latchkey/core'
import { Component } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { Icon } from '../components/icons.js'
import { useStore } from '../components/use-store.js'
import { WalletImage } from '../components/wallet-image.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { onGridKeyDown } from '../modal/focus.js'
import { connectListedWallet, hasWalletConnect } from './listed-wallet.js'

/**
 * All Wallets: core's wallet listing in pages of 40 (the next one fetched ahead by core), shown as the list's end
 * scrolls near, or by the "more" button a keyboard reaches; search through
 * core (newest query wins, loading at least 300 ms). Installed wallets come first with a badge and connect at
 * once; the others link to their homepage.
 */
export function AllWalletsView({ kit }: { kit: UiKit }) {
  const { listing } = kit.controllers
  const listed = useStore(listing.state)
  useStore(kit.controllers.connectors.state)
  const { t } = kit
  const [query, setQuery] = useState(listed.searchQuery)
  const scroller = useRef<HTMLDivElement>(null)
  const searching = query.trim().length > 0
  const more = !searching && listing.hasMore()

  useEffect(() => {
    void listing.prefetch()
    if (listing.state.get().page === 0) void listing.loadNextPage()
  }, [listing])

  // The next page is asked for as the end of the list comes within 240 px: from the scroll event itself (so a page
  // fetched ahead lands in the same frame as the scroll), and after each render, when the end is in view without
  // scrolling. While a page loads, or before the first one is on screen, nothing is asked (the first page's grid
  // holds only the recommended wallets, whose end is always in view).
  const nearEnd = () => {
    const root = scroller.current
    if (!root || !listing.hasMore() || listing.state.get().page === 0 || listing.state.get().pageLoading)
      return
    // The DOM measured must be the list now in state: a render's effect can run after the next page landed in state
    // but before it is drawn, when the end of the shorter list on screen looks in view (page 2 loaded unasked).
    // Core hands the same array until a list changes; the render that draws the new one checks again.
    if (listing.getAllWallets() !== wallets) return
    if (root.scrollTop + root.clientHeight >= root.scrollHeight - 240) void listing.loadNextPage()
  }
  useEffect(() => {
    if (!searching) nearEnd()
  })

  const onInput = (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).value
    setQuery(value)
    void listing.search(value)
  }
  const wallets = searching ? listing.getSearchResults() : listing.getAllWallets()
  const loading = searching ? listed.searchLoading : listed.pageLoading && wallets.length === 0
  const groups = useGroups(wallets)

  return (
    <div class="all-wallets">
      <div class="search-row">
        <label class="search">
          <Icon name="search" size={16} />
          <input
            type="search"
            data-testid="all-wallets-search"
            placeholder={t('searchWallet')}
            aria-label={t('searchWallet')}
            value={query}
            onInput={onInput}
            autoComplete="off"
            spellcheck={false}
          />
        </label>
        {hasWalletConnect(kit) && !kit.controllers.env.isMobile ? (
          <button
            type="button"
            class="icon-btn qr-btn"
            data-testid="all-wallets-qr"
            aria-label={t('scanWithPhone')}
            title={t('scanWithPhone')}
            onClick={() => void uiOf(kit).connectWalletConnect()}
          >
            <Icon name="qr" size={18} />
          </button>
        ) : null}
      </div>
      <div
        class="wallet-scroll"
        ref={scroller}
        data-testid="all-wallets-list"
        onScroll={searching ? undefined : nearEnd}
      >
        {loading ? (
          <div class="center" aria-live="polite">
            <span class="spinner large" aria-hidden="true" />
            <p>{t('loadingWallets')}</p>
          </div>
        ) : wallets.length === 0 ? (
          <p class="note" data-testid="all-wallets-empty">
            {t('noWalletsFound')}
          </p>
        ) : (
          <ul class="wallet-groups" onKeyDown={onGridKeyDown} data-count={wallets.length}>
            {/* A group is the list's index-th run of eight; its cells keep their own keys. */}
            {groups.map((group, index) => (
              <CellGroup key={index} kit={kit} wallets={group} />
            ))}
          </ul>
        )}
        {more && !loading ? (
          <div class="more">
            <button
              type="button"
              class="secondary"
              data-testid="all-wallets-more"
              disabled={listed.pageLoading}
              onClick={() => void listing.loadNextPage()}
            >
              {listed.pageLoading ? t('loadingWallets') : t('loadMoreWallets')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  )
}

interface CellProps {
  kit: UiKit
  wallet: ListedWallet
  connector: Connector | undefined
  image: string | undefined
}

/**
 * Cells are drawn in runs of eight (two rows of four), each a grid of its own: appending a page of 40 draws five
 * runs, not the whole list again, and the browser styles and lays out only the runs near the viewport
 * (content-visibility: auto), not a thousand grid items, nor the rows of a new page still below the fold.
 * A run is a multiple of the four columns, so the arrow keys move through the runs as through one grid.
 */
const GROUP = 8

/**
 * The list cut in runs of {@link GROUP}; a run whose entries are the ones of the last render (core hands the same
 * entry objects until the connectors change) is that render's array, so its group skips drawing at once and an
 * append makes new arrays only for the new runs.
 */
function useGroups(wallets: readonly ListedWallet[]): readonly (readonly ListedWallet[])[] {
  const last = useRef<{ wallets: readonly ListedWallet[]; groups: readonly (readonly ListedWallet[])[] }>()
  if (last.current?.wallets === wallets) return last.current.groups
  const before = last.current?.groups ?? []
  const groups: (readonly ListedWallet[])[] = []
  for (let at = 0, index = 0; at < wallets.length; at += GROUP, index += 1) {
    const was = before[index]
    const size = Math.min(GROUP, wallets.length - at)
    const same =
      was !== undefined && was.length === size && was.every((entry, i) => entry === wallets[at + i])
    groups.push(same ? was : wallets.slice(at, at + GROUP))
  }
  last.current = { wallets, groups }
  return groups
}

interface GroupProps {
  kit: UiKit
  wallets: readonly ListedWallet[]
}

/**
 * A run of cells, drawn again only when its wallets, the page's connectors (installed marks) or the prefetched
 * images changed: appending a page to a list of a thousand draws forty cells.
 */
class CellGroup extends Component<GroupProps> {
  #connectors: unknown
  /** The image URL each cell was drawn with: a list's images arriving redraw only the runs whose cells changed. */
  #images: (string | undefined)[] = []
  /** The listing's image map when the images above were looked up. */
  #imageState: unknown

  override shouldComponentUpdate(next: GroupProps): boolean {
    const { connectors, listing } = next.kit.controllers
    if (connectors.state.get() !== this.#connectors) return true
    const mine = this.props.wallets
    // The same run and no image arrived since this run was drawn: nothing to compare.
    if (next.wallets === mine && listing.state.get().images === this.#imageState) return false
    return (
      next.wallets.length !== mine.length ||
      next.wallets.some((wallet, index) => {
        const was = mine[index]
        // Core hands the same entry for a wallet until the connectors change: then only its image can differ.
        return (
          !was ||
          (wallet !== was &&
            (wallet.id !== was.id || wallet.name !== was.name || wallet.installed !== was.installed)) ||
          listing.getWalletImage(wallet) !== this.#images[index]
        )
      })
    )
  }

  override render() {
    const { kit, wallets } = this.props
    const { connectors, listing } = kit.controllers
    this.#connectors = connectors.state.get()
    this.#imageState = listing.state.get().images
    this.#images = wallets.map((wallet) => listing.getWalletImage(wallet))
    return (
      <li>
        <ul class="wallet-grid">
          {wallets.map((wallet, index) => (
            <li key={wallet.id}>
              <WalletCell
                kit={kit}
                wallet={wallet}
                connector={connectors.getConnectorForWallet(wallet)}
                image={this.#images[index]}
              />
            </li>
          ))}
        </ul>
      </li>
    )
  }
}

function WalletCell({ kit, wallet, connector, image }: CellProps) {
  const name = wallet.name || wallet.id
  const body = (
    <>
      <span class="cell-image">
        <WalletImage kit={kit} wallet={wallet} known={image} lazy />
        {connector ? (
          <span class="installed-mark">
            <Icon name="check" size={10} />
            <span class="sr-only">{kit.t('installed')}</span>
          </span>
        ) : null}
      </span>
      <span class="cell-name">{name}</span>
    </>
  )
  if (connector)
    return (
      <button
        type="button"
        class="cell"
        title={name}
        data-testid={`wallet-${wallet.id}`}
        data-installed="true"
        onClick={() => void uiOf(kit).connect({ ...connector, name: connector.name || wallet.name })}
      >
        {body}
      </button>
    )
  if (hasWalletConnect(kit))
    return (
      <button
        type="button"
        class="cell"
        title={name}
        data-testid={`wallet-${wallet.id}`}
        onClick={() => void connectListedWallet(kit, wallet)}
      >
        {body}
      </button>
    )
  const homepage = isSafeWebLink(wallet.homepage) ? wallet.homepage : undefined
  if (homepage)
    return (
      <a
        class="cell"
        href={homepage}
        target="_blank"
        rel="noopener noreferrer"
        title={kit.t('getWallet', { name })}
        data-testid={`wallet-${wallet.id}`}
      >
        {body}
      </a>
    )
  return (
    <button type="button" class="cell" disabled title={name} data-testid={`wallet-${wallet.id}`}>
      {body}
    </button>
  )
}
