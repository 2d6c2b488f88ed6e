import type { SwitchActiveChainViewParams } from '@latchkey/core'
import { useState } from 'preact/hooks'
import { Tile } from '../components/images.js'
import { networkImage } from '../components/network-image.js'
import type { UiKit } from '../kit/types.js'

/**
 * SwitchActiveChain (SPEC §2): the user picked a network of a namespace where no account is connected. The
 * view names the target chain; Continue makes it the active network (core switches without a wallet there),
 * lists only the target namespace's wallets, and goes to the view core named, Connect, replacing this one so
 * Back does not return here.
 */
export function SwitchActiveChainView({ kit, params }: { kit: UiKit; params: SwitchActiveChainViewParams }) {
  const { t } = kit
  const { router, chain, connectors, options } = kit.controllers
  const [busy, setBusy] = useState(false)
  const network = params.network ?? chain.getNetworks().find((n) => n.chainNamespace === params.switchToChain)
  const name = network?.name ?? params.switchToChain

  const proceed = async () => {
    setBusy(true)
    try {
      if (network) await kit.switchNetwork(network)
      // The visitor is here to connect a wallet on the target namespace: list only the wallets that serve it
      // (until the modal is next opened).
      connectors.setFilterNamespace(params.switchToChain)
      const next = params.navigateTo ?? 'Connect'
      if (params.navigateWithReplace) router.replace(next)
      else router.push(next)
    } catch (error) {
      kit.controllers.snackbar.showError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div class="center" data-testid="switch-active-chain" data-namespace={params.switchToChain}>
      <div class="logo-ring still-accent">
        <Tile src={network ? networkImage(options.chainImages, network) : undefined} name={name} />
      </div>
      <h3 data-testid="switch-active-chain-heading">{t('switchActiveChainHeading', { name })}</h3>
      <p>{t('switchActiveChainBody', { name })}</p>
      <button
        type="button"
        class="primary wide"
        data-testid="switch-active-chain-continue"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void proceed()}
      >
        {t('switchActiveChainContinue')}
      </button>
    </div>
  )
}
