export { LocalServiceError, PortInUseError } from './errors.js'
export { type ListeningServer, listenLocal } from './http.js'
export {
  assertPortFree,
  assertValidPort,
  DEFAULT_FRAME_PORT,
  FRAME_PORT_ENV,
  isPortFree,
  LOCALHOST,
  pickFreePort,
  portFromEnv,
} from './ports.js'
