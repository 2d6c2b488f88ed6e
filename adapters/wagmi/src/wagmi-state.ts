import { type Config, type Connector, disconnect, getConnection, reconnect } from '@wagmi/core'

/** The connection the adapter reports: the wagmi config's current one, as the kit last heard of it. */
export interface View {
  uid: string
  connectorId: string
  addresses: `0x${string}`[]
  chainId: number
}

/** The config's current connection, when it is settled and connected. */
export function readView(config: Config): View | undefined {
  const connection = getConnection(config)
  if (connection.status !== 'connected') return undefined
  return {
    uid: connection.connector.uid,
    connectorId: connection.connector.id,
    addresses: [...connection.addresses],
    chainId: connection.chainId,
  }
}

/** One connection of a wagmi config's state. */
export type WagmiConnection = Config['state']['connections'] extends Map<string, infer C> ? C : never

/**
 * wagmi's `reconnect` with only the remembered connector (no other wallet is asked anything). wagmi runs one
 * reconnect at a time per page, across configs, and returns nothing at once while another runs: that shows as
 * no change of status, and is tried again shortly, for at most about a second. Returns the connections the
 * reconnect made (none when another reconnect did the work).
 */
export async function reconnectThrough(
  config: Config,
  connector: Connector,
): Promise<readonly WagmiConnection[]> {
  for (let attempt = 0; attempt < 20; attempt++) {
    let ran = false
    const stop = config.subscribe(
      (state) => state.status,
      () => {
        ran = true
      },
    )
    let made: readonly WagmiConnection[] = []
    try {
      made = await reconnect(config, { connectors: [connector] })
    } finally {
      stop()
    }
    if (ran || config.state.status !== 'disconnected') return made
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return []
}

/** Resolves once wagmi is neither connecting nor reconnecting (a host's WagmiProvider may be restoring). */
export function settled(config: Config): Promise<void> {
  const pending = () => config.state.status === 'connecting' || config.state.status === 'reconnecting'
  if (!pending()) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = config.subscribe(
      (state) => state.status,
      () => {
        if (pending()) return
        stop()
        resolve()
      },
    )
  })
}

/**
 * Ends one wagmi connection. A connection wagmi restored from storage may have only a placeholder connector behind
 * it (no `disconnect`), and wagmi's own `disconnect` then throws before it forgets the connection: it is taken out of
 * wagmi's state here instead, as wagmi would (the next connection becomes the current one), so a stale connection
 * never outlives the one that replaced it.
 */
export async function dropConnection(config: Config, connector: Connector): Promise<void> {
  try {
    await disconnect(config, { connector })
  } catch {
    config.setState((state) => {
      const connections = new Map(state.connections)
      connections.delete(connector.uid)
      if (connections.size === 0) return { ...state, connections, current: null, status: 'disconnected' }
      const current = connections.has(state.current ?? '')
        ? state.current
        : (connections.values().next().value?.connector.uid ?? null)
      return { ...state, connections, current }
    })
  }
}
