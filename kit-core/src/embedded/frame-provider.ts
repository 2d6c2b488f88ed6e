/**
 * The kit's EmbeddedWalletProvider over the frame transport: one request of the protocol per method, its success
 * payload as the answer. The frame's life (loading, the ready settle, SPEC §9's deadlines, alerts) is the caller's:
 * it gives the client its default deadline and aborts what is pending.
 */
import type { EmbeddedAccountInfo, EmbeddedWalletProvider } from '../adapter/embedded.js'
import type { FrameAccountInfo } from './messages.js'
import type { FrameClient } from './transport-client.js'
import { FrameRequestError } from './transport-common.js'

/** The frame's account info as the kit's type (the optional fields only when the frame sent them). */
const accountInfo = (info: FrameAccountInfo): EmbeddedAccountInfo => ({ ...info })

/** An EmbeddedWalletProvider whose every method is a request to the frame through `client`. */
export function createFrameWalletProvider(client: FrameClient): EmbeddedWalletProvider {
  return {
    connectEmail: (params) => client.request('CONNECT_EMAIL', { email: params.email }),
    connectDevice: () => client.request('CONNECT_DEVICE', undefined),
    connectOtp: (params) => client.request('CONNECT_OTP', { otp: params.otp }),
    getSocialRedirectUri: async (params) => {
      // Farcaster has requests of its own; the frame's redirect covers the other six.
      if (params.provider === 'farcaster')
        throw new FrameRequestError('payload.provider: use the Farcaster requests for farcaster', 'refused')
      return client.request('GET_SOCIAL_REDIRECT_URI', { provider: params.provider })
    },
    connectSocial: async (params) => accountInfo(await client.request('CONNECT_SOCIAL', params)),
    getFarcasterUri: () => client.request('GET_FARCASTER_URI', undefined),
    connectFarcaster: async () => accountInfo(await client.request('CONNECT_FARCASTER', undefined)),
    getUser: async (params) => accountInfo(await client.request('GET_USER', params)),
    switchNetwork: (params) => client.request('SWITCH_NETWORK', { chainId: params.chainId }),
    setPreferredAccount: async (params) => {
      await client.request('SET_PREFERRED_ACCOUNT', { type: params.type })
    },
    request: async <T>(
      args: { method: string; params?: unknown; chainId?: string },
      options?: { signal?: AbortSignal },
    ) => {
      const { params } = args
      if (params !== undefined && (typeof params !== 'object' || params === null))
        throw new FrameRequestError('payload.params: must be an array or an object', 'refused')
      const answer = await client.request(
        'RPC_REQUEST',
        {
          method: args.method,
          ...(params === undefined ? {} : { params: params as unknown[] | Record<string, unknown> }),
          ...(args.chainId === undefined ? {} : { chainId: args.chainId }),
        },
        { signal: options?.signal },
      )
      return answer.result as T
    },
    signOut: () => client.request('SIGN_OUT', undefined),
    isConnected: (params) =>
      client.request('IS_CONNECTED', params?.token === undefined ? {} : { token: params.token }),
    getChainId: () => client.request('GET_CHAIN_ID', undefined),
    getSmartAccountEnabledNetworks: () => client.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined),
    initSmartAccount: () => client.request('INIT_SMART_ACCOUNT', undefined),
    updateEmail: (params) => client.request('UPDATE_EMAIL', { email: params.email }),
    updateEmailPrimaryOtp: (params) => client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: params.otp }),
    updateEmailSecondaryOtp: (params) => client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp: params.otp }),
    syncTheme: (params) => client.request('SYNC_THEME', params),
    syncDappData: (params) => client.request('SYNC_DAPP_DATA', params),
    reload: () => client.request('RELOAD', undefined),
  }
}
