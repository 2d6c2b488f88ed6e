// Test helpers: a separate entry (`@latchkey/service-db/testing`) so that a service's production code never loads it.
export { findServerBinaries } from './binaries.js'
export { type PostgresCluster, startPostgresCluster } from './postgres-cluster.js'
