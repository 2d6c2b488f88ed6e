import type { CaipNetwork, KitNetwork, KitState } from '@latchkey/core'
import { useMemo } from 'react'
import { useKit } from '../components/provider.js'
import { useStore } from './use-store.js'

/** The active network and `switchNetwork(network)` (@throws 'Network not found' for a network not configured). */
export function useLatchkeyNetwork(): KitNetwork & { switchNetwork(network: CaipNetwork): Promise<void> } {
  const kit = useKit()
  const network = useStore(kit.stores.network)
  return useMemo(() => ({ ...network, switchNetwork: (target) => kit.switchNetwork(target) }), [kit, network])
}

/** Whether the modal is open or loading, the selected network and the active namespace. */
export function useLatchkeyState(): KitState {
  return useStore(useKit().stores.state)
}
