// Mounts a React page of the lab: createKit from @latchkey/react with the page's adapter, then the panel.
// Browser-only code.
import type { CaipNetwork, ChainAdapter, ChainNamespace } from '@latchkey/core'
import { createKit, type LatchkeyKit, LatchkeyProvider } from '@latchkey/react'
import type { ReactNode } from 'react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { LabConfig } from '../config.js'
import type { LabActions } from './actions.js'
import { EmbeddedEvents } from './embedded-events.js'
import { LabPanel } from './react-panel.js'
import { DEFAULT_RECIPIENT, type LabSetup, setUpLabPage } from './setup.js'

/** Creates the kit for `adapter` and renders the lab panel (plus `extra`, e.g. wagmi's view) into `#lab-app`. */
export function mountReactLabPage(params: { title: string; adapter: ChainAdapter; extra?: ReactNode }): void {
  const setup = setUpLabPage(params.title, params.adapter)
  const kit = createKit({ ...setup.options, adapters: [params.adapter] })
  const actions = setup.actionsFor(params.adapter, () => kit.getCaipNetwork())
  render({
    setup,
    kit,
    title: params.title,
    actionsFor: () => actions,
    defaultRecipient: DEFAULT_RECIPIENT,
    extra: params.extra,
  })
}

/**
 * The pages beyond EVM (/solana, /bitcoin, /multichain): a kit with `adapters` on the networks `networks` picks
 * from the config, and each namespace's actions, made once the kit exists.
 */
export function mountChainLabPage(params: {
  title: string
  adapters: readonly ChainAdapter[]
  networks: (config: LabConfig) => CaipNetwork[]
  actions: (kit: LatchkeyKit, config: LabConfig) => Partial<Record<ChainNamespace, LabActions>>
}): void {
  const setup = setUpLabPage(params.title, params.adapters, params.networks)
  const kit = createKit({ ...setup.options, adapters: [...params.adapters] })
  const actions = params.actions(kit, setup.config)
  const namespaces = params.adapters.map((adapter) => adapter.namespace)
  render({
    setup,
    kit,
    title: params.title,
    actionsFor: (namespace) => (namespace ? actions[namespace] : undefined),
    defaultRecipient: '',
    ...(namespaces.length > 1 ? { namespaces } : {}),
  })
}

declare global {
  interface Window {
    /** The page's kit, for the console and the lab's tests (the lab is a development tool). */
    labKit?: LatchkeyKit
  }
}

function render(params: {
  setup: LabSetup
  kit: LatchkeyKit
  title: string
  actionsFor: (namespace: ChainNamespace | undefined) => LabActions | undefined
  defaultRecipient: string
  namespaces?: readonly ChainNamespace[]
  extra?: ReactNode
}): void {
  const { setup, kit } = params
  window.labKit = kit
  const host = document.getElementById('lab-app')
  if (!host) throw new Error('The lab page has no #lab-app element')
  createRoot(host).render(
    <StrictMode>
      <LatchkeyProvider kit={kit}>
        <LabPanel
          title={params.title}
          kit={kit}
          siwxMode={setup.siwxMode}
          actionsFor={params.actionsFor}
          networks={setup.networks}
          defaultRecipient={params.defaultRecipient}
          {...(params.namespaces ? { namespaces: params.namespaces } : {})}
        />
        {params.extra}
        <EmbeddedEvents kit={kit} />
      </LatchkeyProvider>
    </StrictMode>,
  )
}
