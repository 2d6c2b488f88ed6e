import { Icon } from '../components/icons.js'
import type { UiKit } from '../kit/types.js'
import { NetworkList, SwitchFailure } from './network-list.js'

/** UnsupportedChain: the wallet is on a network the host does not serve; switch, or disconnect. */
export function UnsupportedChainView({ kit }: { kit: UiKit }) {
  const disconnect = async () => {
    try {
      await kit.disconnect()
      await kit.close()
    } catch (error) {
      kit.controllers.snackbar.showError(error)
    }
  }
  return (
    <div data-testid="unsupported-chain">
      <p class="note" style={{ margin: '0 8px 14px' }}>
        {kit.t('unsupportedBody')}
      </p>
      <NetworkList kit={kit} />
      <SwitchFailure kit={kit} />
      <div class="actions">
        <button
          type="button"
          class="item danger"
          data-testid="disconnect-button"
          onClick={() => void disconnect()}
        >
          <span class="icon">
            <Icon name="disconnect" />
          </span>
          <span class="name">{kit.t('disconnect')}</span>
        </button>
      </div>
    </div>
  )
}
