// The browser half of the returning-visitor SSR test: a kit with `ssr: true` given the initial state the server read
// from the connection cookie, hydrated onto the server's HTML; the provider starts it once mounted.
import { hydrateRoot } from 'react-dom/client'
import { createKit, LatchkeyProvider } from '../../src/index.js'
import { cookieToInitialState } from '../../src/server.js'
import { kitOptions, type PageConfig } from './networks.js'
import { SsrApp } from './ssr-app.js'
import type { SsrPageApi } from './ssr-page.js'

const config = JSON.parse(document.getElementById('config')?.textContent ?? '{}') as PageConfig
const kit = createKit({
  ...kitOptions(config),
  ssr: true,
  initialState: cookieToInitialState(document.cookie),
})
const w = window as unknown as SsrPageApi
w.kit = kit
const root = document.getElementById('root')
if (!root) throw new Error('no #root')
hydrateRoot(
  root,
  <LatchkeyProvider kit={kit}>
    <SsrApp
      onHydrated={() => {
        w.hydrated = true
      }}
    />
  </LatchkeyProvider>,
)
