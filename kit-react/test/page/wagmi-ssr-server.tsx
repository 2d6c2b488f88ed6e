// The server half of the wagmi SSR test, bundled for Node with the React of the run (so wagmi and react-query render
// with React 18 in the react-18 project): one render per request, from the request's Cookie header.
import { renderToString } from 'react-dom/server'
import { cookieToInitialState } from '../../src/server.js'
import type { PageConfig } from './networks.js'
import { WagmiSsrApp, type WagmiSsrProps } from './wagmi-ssr-app.js'

/** The page's HTML for a request that carried `cookie`, with the props the browser hydrates with. */
export function renderPage(config: PageConfig, cookie: string): { html: string; props: WagmiSsrProps } {
  const props: WagmiSsrProps = { config, cookie, initialState: cookieToInitialState(cookie) ?? null }
  let made: { destroy(): void } | undefined
  try {
    const html = renderToString(
      <WagmiSsrApp
        {...props}
        onSetup={(setup) => {
          made = setup.kit
        }}
      />,
    )
    return { html, props }
  } finally {
    made?.destroy()
  }
}
