import type { Transaction, TransactionTransfer } from '@latchkey/core'
import { formatTransferAmount, operationSign } from '@latchkey/core/display'
import { Component } from 'preact'
import { Icon } from '../../components/icons.js'
import { Tile } from '../../components/images.js'
import { formatAddress } from '../../format/address.js'
import type { Translate } from '../../i18n/translate.js'
import { type ActivityMonth, monthLabel, sameItem, timeAgo } from './activity-months.js'

interface MonthProps {
  t: Translate
  month: ActivityMonth
  now: number
}

/**
 * A month of the list: its header and its rows. Drawn again only when its items or the clock changed; its rows keep
 * their keys (the items' ids) and skip drawing unless their item or their time text changed.
 */
export class MonthGroup extends Component<MonthProps> {
  override shouldComponentUpdate(next: MonthProps): boolean {
    return next.month !== this.props.month || next.now !== this.props.now || next.t !== this.props.t
  }

  override render() {
    const { t, month, now } = this.props
    return (
      <li class="activity-month-group">
        <h3 class="activity-month" data-testid="activity-month">
          {monthLabel(month.year, month.month)}
        </h3>
        <ul class="activity-blocks">
          {blocksOf(month.items).map((items) => (
            <ActivityBlock key={items[0]?.id} t={t} items={items} now={now} />
          ))}
        </ul>
      </li>
    )
  }
}

/** Rows per block: a page of the service's history. */
const BLOCK = 50

/** A month's items in runs of {@link BLOCK}, counted from its newest: an appended page fills the last runs only. */
function blocksOf(items: readonly Transaction[]): (readonly Transaction[])[] {
  const blocks: (readonly Transaction[])[] = []
  for (let at = 0; at < items.length; at += BLOCK) blocks.push(items.slice(at, at + BLOCK))
  return blocks
}

interface BlockProps {
  t: Translate
  items: readonly Transaction[]
  now: number
}

/**
 * A run of rows, its own list (as All Wallets draws its cells): the month's list holds a few blocks rather than a
 * thousand rows, so appending a page lays out and draws one or two blocks; a block whose items are the ones drawn
 * before skips drawing.
 */
class ActivityBlock extends Component<BlockProps> {
  override shouldComponentUpdate(next: BlockProps): boolean {
    const { items } = this.props
    return (
      next.t !== this.props.t ||
      next.now !== this.props.now ||
      next.items.length !== items.length ||
      next.items.some((item, index) => !sameItem(item, items[index]))
    )
  }

  override render() {
    const { t, items, now } = this.props
    return (
      <li class="activity-block">
        <ul class="activity-items">
          {items.map((item) => (
            <ActivityRow key={item.id} t={t} item={item} now={now} />
          ))}
        </ul>
      </li>
    )
  }
}

interface RowProps {
  t: Translate
  item: Transaction
  now: number
}

/** One item: icon, operation, counterpart, signed amount, how long ago, and a failed or pending mark. */
class ActivityRow extends Component<RowProps> {
  /** The time text this row was drawn with: a clock tick redraws only the rows whose text changed. */
  #time = ''

  override shouldComponentUpdate(next: RowProps): boolean {
    return (
      !sameItem(next.item, this.props.item) ||
      next.t !== this.props.t ||
      timeAgo(next.t, next.item.metadata.minedAt, next.now) !== this.#time
    )
  }

  override render() {
    const { t, item, now } = this.props
    const { metadata } = item
    this.#time = timeAgo(t, metadata.minedAt, now)
    const transfer = item.transfers[0]
    const sign = operationSign(metadata.operationType)
    const incoming = sign === '+' || (sign === '' && transfer?.direction === 'in')
    const counterpart = incoming ? metadata.sentFrom : metadata.sentTo
    const status = statusOf(metadata.status)
    const symbol = transfer ? symbolOf(transfer) : ''
    return (
      <li class="activity-item" data-testid="activity-item" data-id={item.id} data-status={status}>
        <ActivityIcon transfer={transfer} incoming={incoming} />
        <span class="activity-main">
          <span class="activity-title">
            <span class="activity-operation">{titleOf(t, metadata.operationType)}</span>
            {status === 'failed' || status === 'pending' ? (
              <span class={`badge ${status === 'failed' ? 'danger' : 'muted'}`}>
                {t(status === 'failed' ? 'statusFailed' : 'statusPending')}
              </span>
            ) : null}
          </span>
          {counterpart ? (
            <span class="activity-sub">
              {t(incoming ? 'activityFrom' : 'activityTo')}{' '}
              <span data-testid="activity-item-counterpart" title={counterpart}>
                {formatAddress(counterpart)}
              </span>
            </span>
          ) : null}
        </span>
        <span class="activity-side">
          {transfer ? (
            <span
              class={`activity-amount ${incoming ? 'in' : ''}`}
              data-testid="activity-item-amount"
              title={`${sign}${transfer.quantity.numeric} ${symbol}`}
            >
              {`${sign}${formatTransferAmount(transfer.quantity.numeric)} ${symbol}`.trim()}
            </span>
          ) : null}
          <time
            class="activity-time"
            data-testid="activity-item-time"
            dateTime={metadata.minedAt}
            title={metadata.minedAt}
          >
            {this.#time}
          </time>
        </span>
      </li>
    )
  }
}

/** The transfer's icon (the token's, or the NFT's preview) through the image tile; else an arrow by direction. */
function ActivityIcon({
  transfer,
  incoming,
}: {
  transfer: TransactionTransfer | undefined
  incoming: boolean
}) {
  const url = transfer?.fungible_info?.icon?.url ?? transfer?.nft_info?.content?.preview?.url
  if (url && transfer) return <Tile src={url} name={symbolOf(transfer) || '?'} size={40} lazy />
  const arrow = !transfer || transfer.direction === 'self' ? 'arrowsSwap' : incoming ? 'arrowIn' : 'arrowOut'
  return (
    <span class="activity-icon">
      <Icon name={arrow} />
    </span>
  )
}

function symbolOf(transfer: TransactionTransfer): string {
  return transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? transfer.fungible_info?.name ?? ''
}

/** 'send' → 'Send': the service's operation type as text, capitalised. */
function titleOf(t: Translate, operationType: string): string {
  const text = operationType.trim()
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : t('transaction')
}

function statusOf(status: Transaction['metadata']['status']): 'failed' | 'pending' | 'confirmed' {
  if (status === 'failed' || status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return 'failed'
  if (status === 'pending' || status === 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') return 'pending'
  return 'confirmed'
}
