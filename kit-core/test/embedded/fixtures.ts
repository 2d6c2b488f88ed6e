/** One valid payload per message of the frame protocol, both directions (`undefined`: the message has none). */
import type { FrameRequestName, FrameRequestPayloads, FrameSuccessPayloads } from '../../src/embedded.js'

const account = {
  email: 'ada@example.com',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  chainId: 1,
  accounts: [{ address: '0x52908400098527886E0F7030069857D2E4169EE7', type: 'eoa' as const }],
  userName: 'ada',
  preferredAccountType: 'smartAccount' as const,
  smartAccountDeployed: false,
}

export const VALID_REQUESTS: { [K in FrameRequestName]: FrameRequestPayloads[K] } = {
  SWITCH_NETWORK: { chainId: 'eip155:1' },
  CONNECT_EMAIL: { email: 'ada@example.com' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: { otp: '123456' },
  CONNECT_SOCIAL: { uri: 'https://example.com/cb?code=1', preferredAccountType: 'eoa', chainId: 1 },
  GET_FARCASTER_URI: undefined,
  CONNECT_FARCASTER: undefined,
  GET_USER: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', preferredAccountType: 'smartAccount' },
  GET_SOCIAL_REDIRECT_URI: { provider: 'github' },
  SIGN_OUT: undefined,
  IS_CONNECTED: { token: 'abc.def' },
  GET_CHAIN_ID: undefined,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined,
  INIT_SMART_ACCOUNT: undefined,
  SET_PREFERRED_ACCOUNT: { type: 'eoa' },
  RPC_REQUEST: { method: 'personal_sign', params: ['0x68656c6c6f', account.address], chainId: 1 },
  UPDATE_EMAIL: { email: 'new@example.org' },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: '111111' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '222222' },
  SYNC_THEME: { themeMode: 'light', themeVariables: { '--lk-accent': '#3366ff', '--lk-z-index': 1000 } },
  SYNC_DAPP_DATA: {
    projectId: 'p1234',
    sdkVersion: '0.1.0',
    sdkType: 'latchkey',
    metadata: {
      name: 'Demo',
      description: 'A demo',
      url: 'https://demo.example',
      icons: ['https://demo.example/i.png'],
    },
  },
  RELOAD: undefined,
}

export const VALID_SUCCESSES: { [K in FrameRequestName]: FrameSuccessPayloads[K] } = {
  SWITCH_NETWORK: { chainId: 11155111 },
  CONNECT_EMAIL: { action: 'VERIFY_OTP' },
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: undefined,
  CONNECT_SOCIAL: account,
  GET_FARCASTER_URI: { url: 'https://warpcast.com/~/siwf?channelToken=x' },
  CONNECT_FARCASTER: { address: account.address, chainId: '1', userName: 'ada' },
  GET_USER: account,
  GET_SOCIAL_REDIRECT_URI: { uri: 'https://accounts.example/oauth?state=1' },
  SIGN_OUT: undefined,
  IS_CONNECTED: { isConnected: true },
  GET_CHAIN_ID: { chainId: 1 },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: [1, 11155111, '1946'] },
  INIT_SMART_ACCOUNT: { address: account.address, isDeployed: true },
  SET_PREFERRED_ACCOUNT: { type: 'smartAccount', address: account.address },
  RPC_REQUEST: { result: '0xabc' },
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' },
  UPDATE_EMAIL_PRIMARY_OTP: undefined,
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: 'new@example.org' },
  SYNC_THEME: undefined,
  SYNC_DAPP_DATA: undefined,
  RELOAD: undefined,
}

const PREFIX = '@latchkey/embedded/'

/** A message: its type, the id and the payload when there is one. */
export function message(type: string, id: string | undefined, payload: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { type: `${PREFIX}${type}` }
  if (id !== undefined) out.id = id
  if (payload !== undefined) out.payload = structuredClone(payload)
  return out
}
