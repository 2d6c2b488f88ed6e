import { LatchkeyError } from '@latchkey/core'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import type { LatchkeyKit } from '../kit/create-kit.js'
import { findPageKit } from '../kit/registry.js'

const KitContext = createContext<LatchkeyKit | undefined>(undefined)

/** Message of the error a hook throws when it finds no kit. */
export const NO_KIT_MESSAGE =
  'No Latchkey kit: wrap the app in <LatchkeyProvider kit={kit}>, or create exactly one kit on the page with createKit()'

/**
 * Makes `kit` the kit of every Latchkey hook and component below it (needed on a server and with several kits), and
 * starts a kit created with `ssr: true` once it has mounted: after hydration, so the first client render is the
 * server's (restore and reconnect run from here, once).
 */
export function LatchkeyProvider(props: { kit: LatchkeyKit; children?: ReactNode }) {
  const { kit } = props
  useEffect(() => {
    void kit.start()
  }, [kit])
  return <KitContext.Provider value={props.kit}>{props.children}</KitContext.Provider>
}

/**
 * The kit of the nearest `<LatchkeyProvider>`, else the page's only kit.
 * @throws LatchkeyError INVALID_OPTIONS ({@link NO_KIT_MESSAGE}) when there is neither.
 */
export function useKit(): LatchkeyKit {
  const kit = useContext(KitContext) ?? findPageKit()
  if (!kit) throw new LatchkeyError(NO_KIT_MESSAGE, { code: 'INVALID_OPTIONS' })
  return kit
}
