// The browser half of the SSR test: the same kit options and app as the server render, hydrated onto its HTML.
import { version as reactVersion } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createKit, type LatchkeyKit, LatchkeyProvider } from '../../src/index.js'
import type { PageConfig } from './networks.js'
import { kitOptions } from './networks.js'
import { SsrApp } from './ssr-app.js'

declare global {
  interface Window {
    kit?: LatchkeyKit
    hydrated?: boolean
    /** The React the page was bundled with (18 or 19, by the test project). */
    reactVersion: string
  }
}

/** What the test reads on this page. */
export type SsrPageApi = Pick<Window, 'kit' | 'hydrated' | 'reactVersion'>

const config = JSON.parse(document.getElementById('config')?.textContent ?? '{}') as PageConfig
const kit = createKit(kitOptions(config))
window.kit = kit
window.reactVersion = reactVersion
const root = document.getElementById('root')
if (!root) throw new Error('no #root')
// '?late' hydrates only once the kit started (a session restored): the first render must still be the server's.
if (location.search.includes('late')) await kit.ready
hydrateRoot(
  root,
  <LatchkeyProvider kit={kit}>
    <SsrApp
      mismatch={location.search.includes('mismatch')}
      onHydrated={() => {
        window.hydrated = true
      }}
    />
  </LatchkeyProvider>,
)
