import type { TokenBalance } from '@latchkey/core'
import { formatTransferAmount } from '@latchkey/core/display'
import { useRef, useState } from 'preact/hooks'
import { Icon } from '../../components/icons.js'
import { Tile } from '../../components/images.js'
import { formatUsd } from '../../format/fiat.js'
import type { UiKit } from '../../kit/types.js'
import { onListKeyDown } from '../../modal/focus.js'

/** A token's id among the balances: its chain and contract (the native currency has none). */
export const tokenKey = (token: TokenBalance) => `${token.chainId}:${token.address ?? 'native'}`

/** A balance as shown: at most 3 decimals (SPEC §9) and the symbol. */
const balanceText = (token: TokenBalance) => `${formatTransferAmount(token.quantity.numeric)} ${token.symbol}`

/**
 * The token picker: a button showing the chosen token (icon, symbol, balance) that opens the list of the account's
 * balances, each an option button (icon, name, symbol, balance, fiat value). The arrows, Home and End move through the
 * list, Escape closes it and focus returns to the button. Names, symbols and icons come from the service and are
 * hostile: text only, icons through the kit's image tile.
 */
export function TokenPicker(props: {
  kit: UiKit
  tokens: readonly TokenBalance[]
  token: TokenBalance | undefined
  describedBy: string | undefined
  onPick(token: TokenBalance): void
}) {
  const { kit, tokens, token } = props
  const { t } = kit
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)

  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const toggle = () => {
    if (open) return close()
    setOpen(true)
    // Focus moves into the list on the chosen token (or the first) once it is drawn.
    requestAnimationFrame(() => {
      const items = list.current?.querySelectorAll<HTMLButtonElement>('button')
      const chosen = list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')
      ;(chosen ?? items?.[0])?.focus()
    })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Closes the list, not the modal.
      event.stopPropagation()
      close()
      return
    }
    onListKeyDown(event)
  }

  return (
    <div>
      <span class="send-label" id="lk-send-token-label">
        {t('sendToken')}
      </span>
      <button
        ref={button}
        type="button"
        class="send-token"
        data-testid="send-token"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? 'lk-send-tokens' : undefined}
        aria-labelledby="lk-send-token-label lk-send-token-value"
        aria-describedby={props.describedBy}
        disabled={tokens.length === 0}
        onClick={toggle}
      >
        {token ? <Tile src={token.iconUrl} name={token.symbol || token.name} size={28} /> : null}
        <span class="send-grow" id="lk-send-token-value">
          {token ? (
            <>
              <span title={token.symbol}>{token.symbol}</span>
              <span class="send-sub" title={token.quantity.numeric}>
                {balanceText(token)}
              </span>
            </>
          ) : (
            <span>{t('sendChooseToken')}</span>
          )}
        </span>
        <Icon name="chevron" size={16} />
      </button>
      {open ? (
        <ul
          ref={list}
          class="send-options"
          id="lk-send-tokens"
          aria-label={t('sendTokens')}
          onKeyDown={onKeyDown}
        >
          {tokens.map((each) => (
            <li key={tokenKey(each)}>
              <button
                type="button"
                class="send-option"
                data-testid="send-token-option"
                data-token-address={each.address ?? 'native'}
                data-symbol={each.symbol}
                aria-current={token && tokenKey(token) === tokenKey(each) ? 'true' : undefined}
                onClick={() => {
                  props.onPick(each)
                  close()
                }}
              >
                <Tile src={each.iconUrl} name={each.symbol || each.name} size={32} lazy />
                <span class="send-grow">
                  <span title={each.name}>{each.name}</span>
                  <span class="send-sub">{each.symbol}</span>
                </span>
                <span class="send-end">
                  <span>{balanceText(each)}</span>
                  {typeof each.value === 'number' && Number.isFinite(each.value) ? (
                    <span class="send-sub">{formatUsd(t, each.value)}</span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
