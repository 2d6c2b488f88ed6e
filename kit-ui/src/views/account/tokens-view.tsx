import type { BalancesController, TokenBalance } from '@latchkey/core'
import { formatTransferAmount } from '@latchkey/core/display'
import { Tile } from '../../components/images.js'
import { useStore } from '../../components/use-store.js'
import { formatUsd } from '../../format/fiat.js'
import type { UiKit } from '../../kit/types.js'
import { useAccountData } from './use-account-data.js'

/**
 * The Tokens panel (a chunk of its own, loaded when the panel first renders): the active account's token balances
 * as core reads them on connect, the total fiat value on top. Names, symbols and icons come from the service and are
 * hostile: text only, icons through the kit's image tile.
 */
export function TokensView({ kit }: { kit: UiKit }) {
  const { data, failed } = useAccountData(kit)
  if (failed) return <Unavailable kit={kit} />
  if (!data) return <Loading kit={kit} />
  return <TokenList kit={kit} balances={data.balances} />
}

function TokenList({ kit, balances }: { kit: UiKit; balances: BalancesController }) {
  const state = useStore(balances.state)
  const chain = useStore(kit.controllers.chain.state)
  const namespace = chain.activeNamespace
  const caipAddress = namespace ? chain.namespaces[namespace]?.account?.caipAddress : undefined
  const { t } = kit
  // Only the active account's list: another account's or network's tokens never show, not even for a moment.
  if (!caipAddress || state.caipAddress !== caipAddress) return <Loading kit={kit} />
  if (state.unavailable) return <Unavailable kit={kit} />
  if (state.tokens.length === 0) {
    if (state.loading) return <Loading kit={kit} />
    return (
      <p class="panel-note" data-testid="account-tokens-empty">
        {t('noTokens')}
      </p>
    )
  }
  return (
    <div class="tokens" data-testid="account-tokens" aria-busy={state.loading ? 'true' : 'false'}>
      {state.totalValue === undefined ? null : (
        <p class="tokens-total">
          <span class="sr-only">{t('totalValue')}</span>
          <span data-testid="account-total-value">{formatUsd(t, state.totalValue)}</span>
        </p>
      )}
      <ul class="token-list">
        {state.tokens.map((token) => (
          <TokenRow key={`${token.chainId}:${token.address ?? 'native'}`} kit={kit} token={token} />
        ))}
      </ul>
    </div>
  )
}

function TokenRow({ kit, token }: { kit: UiKit; token: TokenBalance }) {
  const amount = `${formatTransferAmount(token.quantity.numeric)} ${token.symbol}`
  return (
    <li
      class="token"
      data-testid="account-token"
      data-chain-id={token.chainId}
      data-token-address={token.address ?? 'native'}
    >
      <Tile src={token.iconUrl} name={token.symbol || token.name} size={36} lazy />
      <span class="token-text">
        <span class="token-name" title={token.name}>
          {token.name}
        </span>
        <span class="token-symbol" title={token.symbol}>
          {token.symbol}
        </span>
      </span>
      <span class="token-figures">
        {typeof token.value === 'number' && Number.isFinite(token.value) ? (
          <span class="token-value" data-testid="account-token-value">
            {formatUsd(kit.t, token.value)}
          </span>
        ) : null}
        <span class="token-amount" data-testid="account-token-amount" title={amount}>
          {amount}
        </span>
      </span>
    </li>
  )
}

function Loading({ kit }: { kit: UiKit }) {
  return (
    <div class="more" data-testid="account-tokens-loading">
      <span class="spinner large" role="status" aria-label={kit.t('loading')} />
    </div>
  )
}

function Unavailable({ kit }: { kit: UiKit }) {
  return (
    <p class="panel-note" data-testid="account-tokens-unavailable">
      {kit.t('tokensUnavailable')}
    </p>
  )
}
