export { isPortFree, LOCALHOST, LocalServiceError, PortInUseError } from '@latchkey/local-ports'
export { MAX_BATCH, MAX_TTL_SECONDS, RPC_ERROR } from './protocol.js'
export {
  type LocalRelay,
  RELAY_DEFAULT_PORT,
  RELAY_PORT_ENV,
  type RelayInfo,
  type StartRelayOptions,
  startRelay,
} from './relay.js'
export type { RelayCall } from './router.js'
