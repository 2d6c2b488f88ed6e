// The simulator page's entry (bundled by esbuild, see build.ts): reads the config the server embedded and mounts the
// wallet. `?auto=1` starts in test mode: proposals, sign-ins and requests are approved at once.
import { render } from 'preact'
import type { WalletSimConfig } from './config.js'
import { App } from './page/app.js'

const root = document.getElementById('wallet-sim')
const text = document.getElementById('wallet-sim-config')?.textContent
if (root && text) {
  const config = JSON.parse(text) as WalletSimConfig
  const auto = new URLSearchParams(location.search).get('auto') === '1'
  root.textContent = ''
  render(<App config={config} auto={auto} />, root)
}
