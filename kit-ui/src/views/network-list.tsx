import type { CaipNetwork, ChainNamespace } from '@latchkey/core'
import { Tile } from '../components/images.js'
import { networkImage } from '../components/network-image.js'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'
import { uiOf } from '../kit/ui-controller.js'
import { onListKeyDown } from '../modal/focus.js'

/** Asks core's router for the view a switch to `target` needs (SPEC §2); nothing happens when it is active. */
function requestSwitch(kit: UiKit, target: CaipNetwork): void {
  const { chain, connectors, router } = kit.controllers
  const state = chain.state.get()
  const active = state.activeCaipNetwork
  const namespace = active?.chainNamespace
  const connectorId = namespace ? state.namespaces[namespace]?.connectorId : undefined
  const connectedNamespaces = (Object.keys(state.namespaces) as ChainNamespace[]).filter(
    (ns) => state.namespaces[ns]?.account.status === 'connected',
  )
  uiOf(kit).setFailedSwitch(undefined)
  router.showNetworkSwitch({
    target,
    active,
    connectorType:
      namespace && connectorId ? connectors.getConnector(namespace, connectorId)?.type : undefined,
    connectedNamespaces,
  })
}

/** The host's networks as a keyboard-operable list; the active one marked. */
export function NetworkList({ kit }: { kit: UiKit }) {
  const chain = useStore(kit.controllers.chain.state)
  const activeId = chain.activeCaipNetwork?.caipNetworkId
  return (
    <ul class="list" onKeyDown={onListKeyDown}>
      {kit.controllers.chain.getNetworks().map((network) => {
        const active = network.caipNetworkId === activeId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              class={`item ${active ? 'active' : ''}`}
              data-testid={`network-${network.caipNetworkId}`}
              aria-current={active ? 'true' : undefined}
              onClick={() => requestSwitch(kit, network)}
            >
              <Tile src={networkImage(kit.controllers.options.chainImages, network)} name={network.name} />
              <span class="name">{network.name}</span>
              {active ? <span class="badge accent">{kit.t('activeNetwork')}</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The switch that failed last, with a retry (SPEC §2: the failed switch already went back one view). */
export function SwitchFailure({ kit }: { kit: UiKit }) {
  const { failedSwitch } = useStore(uiOf(kit).state)
  if (!failedSwitch) return null
  return (
    <div class="failure" role="alert">
      <span>{kit.t('switchDeclined', { name: failedSwitch.name })}</span>
      <button
        type="button"
        data-testid="switch-network-retry"
        onClick={() => requestSwitch(kit, failedSwitch)}
      >
        {kit.t('tryAgain')}
      </button>
    </div>
  )
}
