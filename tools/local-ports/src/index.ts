export { LocalServiceError, PortInUseError } from './errors.js'
export { type ListeningServer, listenLocal } from './http.js'
export { assertPortFree, assertValidPort, isPortFree, LOCALHOST, pickFreePort, portFromEnv } from './ports.js'
