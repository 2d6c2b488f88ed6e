import { isUnsupportedNetwork } from '@latchkey/core'
import { Avatar, Tile } from '../components/images.js'
import { networkImage } from '../components/network-image.js'
import { useStore } from '../components/use-store.js'
import { formatAddress, formatAmount } from '../format/address.js'
import type { UiKit } from '../kit/types.js'

/** The attributes `<latchkey-button>` takes (AppKit's names). */
export interface ButtonAttributes {
  size: 'md' | 'sm'
  label?: string
  loadingLabel?: string
  balance: 'show' | 'hide'
  disabled: boolean
}

/** `<latchkey-button>`: Connect Wallet while disconnected, else the account with its balance and avatar. */
export function ConnectOrAccountButton({ kit, attrs }: { kit: UiKit; attrs: ButtonAttributes }) {
  const chain = useStore(kit.controllers.chain.state)
  const modal = useStore(kit.controllers.modal.state)
  const { t } = kit
  const account = chain.activeNamespace ? chain.namespaces[chain.activeNamespace]?.account : undefined
  const size = attrs.size === 'sm' ? 'sm' : ''
  if (account?.status === 'connected' && account.address) {
    const showBalance = attrs.balance !== 'hide' && account.balance !== undefined
    const name = account.profileName || formatAddress(account.address)
    return (
      <button
        type="button"
        class={`btn account ${size} ${showBalance ? '' : 'no-balance'}`}
        data-testid="account-button"
        disabled={attrs.disabled}
        onClick={() => void kit.open()}
      >
        {showBalance ? (
          <span class="balance">
            {formatAmount(account.balance ?? '0')} {account.balanceSymbol}
          </span>
        ) : null}
        <span class="address">
          <Avatar address={account.address} image={account.profileImage} size={20} />
          {name}
        </span>
      </button>
    )
  }
  const loading = modal.loading || account?.status === 'connecting'
  // Busy, the button stays focusable (aria-disabled, not disabled): a disabled button drops the focus to the
  // page, and the modal would have nothing to give it back to on close.
  return (
    <button
      type="button"
      class={`btn connect ${size}`}
      data-testid="connect-button"
      disabled={attrs.disabled}
      aria-disabled={loading ? 'true' : undefined}
      aria-busy={loading ? 'true' : undefined}
      onClick={() => {
        if (!loading) void kit.open({ view: 'Connect' })
      }}
    >
      {loading ? <span class="spinner" aria-hidden="true" /> : null}
      {loading ? (attrs.loadingLabel ?? t('connecting')) : (attrs.label ?? t('connectWallet'))}
    </button>
  )
}

/** `<latchkey-network-button>`: the active network; opens the network list. */
export function NetworkButton({ kit, disabled }: { kit: UiKit; disabled: boolean }) {
  const chain = useStore(kit.controllers.chain.state)
  const network = chain.activeCaipNetwork
  const unsupported = network !== undefined && isUnsupportedNetwork(network)
  const label = !network ? kit.t('network') : unsupported ? kit.t('switchNetwork') : network.name
  return (
    <button
      type="button"
      class={`btn network ${unsupported ? 'unsupported' : ''}`}
      data-testid="network-button"
      disabled={disabled}
      onClick={() => void kit.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      <span class="avatar" style={{ width: '24px', height: '24px' }}>
        <Tile src={networkImage(kit.controllers.options.chainImages, network)} name={label} size={24} />
      </span>
      <span class="label">{label}</span>
    </button>
  )
}
