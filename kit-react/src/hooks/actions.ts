import type { ChainNamespace, OpenOptions } from '@latchkey/core'
import { useMemo } from 'react'
import { useKit } from '../components/provider.js'

/** `open({ view?, namespace? })` and `close()` of the kit's modal (AppKit's `useAppKit`). */
export function useLatchkey(): { open(options?: OpenOptions): Promise<void>; close(): void } {
  const kit = useKit()
  return useMemo(() => ({ open: (options) => kit.open(options), close: () => kit.close() }), [kit])
}

/** `disconnect({ namespace? })`: one namespace, or every one when none is named. @throws 'Failed to disconnect'. */
export function useDisconnect(): { disconnect(options?: { namespace?: ChainNamespace }): Promise<void> } {
  const kit = useKit()
  return useMemo(() => ({ disconnect: (options) => kit.disconnect(options?.namespace) }), [kit])
}
