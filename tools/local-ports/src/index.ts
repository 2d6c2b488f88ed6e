export { LocalServiceError, PortInUseError } from './errors.js'
export { assertPortFree, assertValidPort, isPortFree, LOCALHOST, portFromEnv } from './ports.js'
