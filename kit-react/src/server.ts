/**
 * @latchkey/react/server: what a server component (or any server code) may import: the connection cookie's reader,
 * to render a returning visitor's account. No React client API is reachable from here.
 */
export { CONNECTION_COOKIE, cookieToInitialState, type KitInitialState } from '@latchkey/core'
