// /vanilla: the ethers v6 adapter through @latchkey/ui's createKit and its custom elements; no React here.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { createKit } from '@latchkey/ui'
import { setUpLabPage } from '../lab/setup.js'
import { mountVanillaPanel } from '../lab/vanilla-panel.js'

const title = 'ethers v6 · no React'
const adapter = new EthersAdapter()
const setup = setUpLabPage(title, adapter)
const kit = createKit({ ...setup.options, adapters: [adapter] })
const host = document.getElementById('lab-app')
if (!host) throw new Error('The lab page has no #lab-app element')
mountVanillaPanel({
  host,
  title,
  kit,
  siwxMode: setup.siwxMode,
  actions: setup.actionsFor(adapter, () => kit.getCaipNetwork()),
  networks: setup.networks,
})
