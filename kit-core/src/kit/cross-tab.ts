// What a kit does when another tab of the page's origin writes to localStorage (the `storage` event, which the browser
// fires in every other tab: no polling). Part of the late controllers' chunk.
import type { ChainNamespace } from '../caip/caip.js'
import type { StorageHelpers } from '../controllers/config/storage/kit-storage.js'
import type { ConnectionController } from '../controllers/connection/connection-controller.js'
import type { SiwxController } from '../siwx/siwx-controller.js'
import type { Logger } from './context.js'

export interface OtherTabsDeps {
  /** The page: events of its other storage areas (sessionStorage) are not about the kit. */
  window: Window
  storage: Pick<StorageHelpers, 'getConnectorId' | 'getRecentWallets'>
  connection: Pick<ConnectionController, 'state' | 'disconnect'>
  siwx: Pick<SiwxController, 'recheckSession'>
  logger: Pick<Logger, 'warn'>
}

/**
 * The `storage` event handler of a kit. Each event brings this tab in line with what storage now holds (events that
 * come while it does are handled by one more pass after it):
 * - a namespace connected here whose connector another tab removed (a disconnect there, or a wallet that ended the
 *   connection) is disconnected here too;
 * - the recent wallets are read again;
 * - SIWXSignMessage shown here closes when another tab signed the account in.
 */
export function followOtherTabs(deps: OtherTabsDeps): (event: StorageEvent) => void {
  let running: Promise<void> | undefined
  let again = false
  let local: Storage | undefined
  try {
    local = deps.window.localStorage
  } catch {
    // Storage is blocked (a sandboxed frame): no event is about it.
  }

  async function follow(): Promise<void> {
    const { connection } = deps
    for (const namespace of Object.keys(connection.state.get().connections) as ChainNamespace[]) {
      // A disconnect here may have taken others with it (one WalletConnect session): each is looked at as it is now.
      if (!connection.state.get().connections[namespace]) continue
      if ((await deps.storage.getConnectorId(namespace)) !== undefined) continue
      await connection
        .disconnect(namespace)
        .catch((error: unknown) => deps.logger.warn('Disconnecting as another tab did failed', error))
    }
    const recent = await deps.storage.getRecentWallets()
    if (JSON.stringify(recent) !== JSON.stringify(connection.state.get().recentWallets))
      connection.state.patch({ recentWallets: recent })
    await deps.siwx.recheckSession()
  }

  function run(): void {
    running = follow()
      .catch((error: unknown) => deps.logger.warn("Following another tab's change failed", error))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          run()
        }
      })
  }

  return (event) => {
    // A clear() has no storage area in some browsers' events; any other area is not the kit's.
    if (!local || (event.storageArea && event.storageArea !== local)) return
    if (running) again = true
    else run()
  }
}
