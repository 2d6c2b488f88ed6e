/**
 * @latchkey/adapter-wagmi: the eip155 adapter over wagmi and viem. Its wagmi `Config` is the host's too, so
 * the host's wagmi hooks and actions share the kit's connection.
 */
export { WagmiAdapter, type WagmiAdapterOptions } from './wagmi-adapter.js'
