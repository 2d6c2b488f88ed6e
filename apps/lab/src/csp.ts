import type { LabConfig } from './config.js'

/** The origin of a URL, as a CSP source: `http://127.0.0.1:8547`. */
const origin = (url: string) => new URL(url).origin

/**
 * The strict Content-Security-Policy of the lab's `/strict-csp` page: no inline script or style, no eval; scripts,
 * styles and fonts from the lab itself; images from the lab, the services stand-in and data:/blob: URLs; requests
 * to the lab, the services stand-in, the local EVM chains and the WalletConnect relay only; no frames but the secure
 * frame's (email login), no plugins, no
 * form posts, no framing by other sites. What each of the kit's features needs is written down in docs/csp.md.
 */
export function strictCsp(config: LabConfig): string {
  const services = origin(config.services.url)
  const chains = config.evm.chains.map((chain) => origin(chain.rpcUrl))
  const relay = config.relay ? [origin(config.relay.url)] : []
  const connect = [...new Set(["'self'", services, ...chains, ...relay])]
  // Email login runs in the secure frame: the page frames it and nothing else (its own requests are the frame's).
  const frames = config.frame ? origin(config.frame.url) : "'none'"
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${services}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
