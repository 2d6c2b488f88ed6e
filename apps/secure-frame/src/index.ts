export type { FrameConfig, FrameNetwork } from './frame/config.js'
export { DEFAULT_FRAME_NETWORKS } from './networks.js'
export {
  DEFAULT_FRAME_PORT,
  FRAME_PORT_ENV,
  ORIGINS_TTL_MS,
  type SecureFrameOptions,
  type SecureFrameServer,
  startSecureFrame,
} from './server.js'
