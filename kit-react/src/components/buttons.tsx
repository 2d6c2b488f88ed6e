import { useSyncExternalStore } from 'react'
import type { LatchkeyButtonAttributes } from './elements-jsx.js'
import { useKit } from './provider.js'

const noSubscription = () => () => undefined

// Both elements also carry `suppressHydrationWarning`: once `createKit` defined them, an element upgrades before
// hydration and writes its own theme (`data-theme`, `--lk-*` styles) on its host. Those attributes are the
// element's, not React's; React still checks the element's place in the tree.

/**
 * False on the server and while hydrating, true after. A kit's id is generated per process, so the `kit`
 * attribute is written only once hydrated (the server's HTML has none); until then the element binds to the
 * page's only kit, and the attribute then names the provider's kit.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** Props of {@link LatchkeyButton}, as AppKit's `<appkit-button>` takes them. */
export interface LatchkeyButtonProps {
  size?: 'md' | 'sm'
  label?: string
  loadingLabel?: string
  balance?: 'show' | 'hide'
  disabled?: boolean
}

/** The connect button, which becomes the account button (address, avatar, balance) once connected. */
export function LatchkeyButton(props: LatchkeyButtonProps) {
  const kit = useKit()
  const hydrated = useHydrated()
  const attributes: LatchkeyButtonAttributes = {
    size: props.size,
    label: props.label,
    loadingLabel: props.loadingLabel,
    balance: props.balance,
    disabled: props.disabled ? '' : undefined,
    kit: hydrated ? kit.id : undefined,
  }
  return <latchkey-button {...attributes} suppressHydrationWarning />
}

/** The active network's button; it opens the Networks view. */
export function LatchkeyNetworkButton(props: { disabled?: boolean }) {
  const kit = useKit()
  const hydrated = useHydrated()
  return (
    <latchkey-network-button
      disabled={props.disabled ? '' : undefined}
      kit={hydrated ? kit.id : undefined}
      suppressHydrationWarning
    />
  )
}
