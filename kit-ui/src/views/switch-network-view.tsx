import type { CaipNetwork } from '@latchkey/core'
import { useEffect } from 'preact/hooks'
import { Tile } from '../components/images.js'
import { networkImage } from '../components/network-image.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'

/**
 * After a switch: back to the view before the network list (Account), or closed when the list was the
 * first view or the switch started elsewhere (the network button, UnsupportedChain).
 */
function leaveAfterSwitch(kit: UiKit): void {
  const { router } = kit.controllers
  const history = router.state.get().history
  const index = history.findIndex((entry) => entry.view === 'Networks')
  if (index <= 0 || history[0]?.view === 'UnsupportedChain') {
    void kit.close()
    return
  }
  for (let i = history.length - 1; i >= index; i--) router.goBack()
}

/**
 * SwitchNetwork: asks the wallet to move to `network` as soon as it shows. A failure goes back one view
 * (core's router) and is offered again there with a retry.
 */
export function SwitchNetworkView({ kit, network }: { kit: UiKit; network: CaipNetwork }) {
  const { t } = kit
  useEffect(() => {
    let live = true
    kit.controllers.router
      .runNetworkSwitch(() => kit.switchNetwork(network))
      .then(() => {
        if (live) leaveAfterSwitch(kit)
      })
      .catch(() => uiOf(kit).setFailedSwitch(network))
    return () => {
      live = false
    }
  }, [network.caipNetworkId])
  return (
    <div class="center" data-testid="switch-network" data-state="waiting" aria-live="polite">
      <div class="logo-ring">
        <Tile src={networkImage(kit.controllers.options.chainImages, network)} name={network.name} />
      </div>
      <h3>{t('switchingTo', { name: network.name })}</h3>
      <p>{t('approveInWallet')}</p>
    </div>
  )
}
