import type { UiKit } from '../kit/types.js'
import { NetworkList, SwitchFailure } from './network-list.js'

/** Networks: every network of the host; picking one asks core's router which switch view to show. */
export function NetworksView({ kit }: { kit: UiKit }) {
  return (
    <>
      <NetworkList kit={kit} />
      <SwitchFailure kit={kit} />
    </>
  )
}
