// Starts the two local Bitcoin networks: a ledger and an Esplora HTTP server each, funded from the test mnemonic.
import type { Server } from 'node:http'
import { assertValidPort, isPortFree, PortInUseError, portFromEnv } from '@latchkey/local-ports'
import {
  type BitcoinNetworkKind,
  type BitcoinTestAccount,
  FUNDED_UTXO_COUNT,
  FUNDED_UTXO_SATS,
  getTestAccounts,
  networkParams,
} from './accounts.js'
import { BitcoinChainsError } from './errors.js'
import { createLedger, type Ledger, type LedgerBlock } from './ledger.js'
import { addressScript } from './script.js'
import { type NetworkControls, serveNetwork } from './server.js'

/** Names, kinds, default ports and port variables of the two networks. */
export const BITCOIN_NETWORK_DEFAULTS = [
  {
    key: 'btc1',
    name: 'Latchkey Bitcoin Regtest',
    network: 'regtest',
    port: 18443,
    portEnv: 'LATCHKEY_BTC1_PORT',
  },
  {
    key: 'btc2',
    name: 'Latchkey Bitcoin Testnet',
    network: 'testnet',
    port: 18444,
    portEnv: 'LATCHKEY_BTC2_PORT',
  },
] as const satisfies readonly {
  key: string
  name: string
  network: BitcoinNetworkKind
  port: number
  portEnv: string
}[]

/** What other tools need to reach one network (JSON-safe). */
export interface BitcoinNetworkInfo {
  name: string
  network: BitcoinNetworkKind
  /** Esplora base URL: endpoints hang off it directly (`${esploraUrl}/blocks/tip/height`). */
  esploraUrl: string
  port: number
}

/** The JSON-safe description of the running networks, for tools/stack. */
export interface BitcoinNetworksInfo {
  networks: BitcoinNetworkInfo[]
  accounts: BitcoinTestAccount[]
}

/** One running network. */
export interface BitcoinNetwork extends BitcoinNetworkInfo {
  /** Mines `count` blocks (default 1); the first takes the whole mempool. */
  mine(count?: number): LedgerBlock[]
  /** Mines one block whose coinbase pays `sats` to `address`; throws on an address of another network. */
  fund(address: string, sats: number): { txid: string; vout: number; height: number }
  /** Turns mining each accepted transaction at once on or off. */
  setAutoMine(enabled: boolean): void
  readonly autoMine: boolean
  /** The ledger itself (UTXO set, mempool, blocks), for tests that look inside. */
  readonly ledger: Ledger
}

/** Options of {@link startBitcoinNetworks}. */
export interface StartBitcoinNetworksOptions {
  /** Listen on OS-chosen ports (tests). */
  ephemeral?: boolean
  /** Fixed ports (0 = ephemeral); win over `ephemeral` and the environment. */
  ports?: { btc1?: number; btc2?: number }
  /** Mine each accepted transaction at once (default false: transactions wait in the mempool until mined). */
  autoMine?: boolean
  /** Where LATCHKEY_BTC1_PORT / LATCHKEY_BTC2_PORT are read; default process.env. */
  env?: Record<string, string | undefined>
}

/** The handle of {@link startBitcoinNetworks}. */
export interface BitcoinNetworks {
  readonly networks: readonly [BitcoinNetwork, BitcoinNetwork]
  readonly accounts: readonly BitcoinTestAccount[]
  /** The JSON-safe info object (networks and funded accounts). */
  info(): BitcoinNetworksInfo
  /** Closes both servers. */
  stop(): Promise<void>
}

function fundingOutputs(kind: BitcoinNetworkKind, accounts: readonly BitcoinTestAccount[]) {
  const params = networkParams(kind)
  return accounts.flatMap((account) =>
    [account.payment.addresses[kind], account.taproot.addresses[kind]].flatMap((address) =>
      Array.from({ length: FUNDED_UTXO_COUNT }, () => ({
        script: addressScript(address, params)!,
        value: FUNDED_UTXO_SATS,
      })),
    ),
  )
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * Starts the regtest network ("Latchkey Bitcoin Regtest", addresses bcrt1...) and the second local test network
 * ("Latchkey Bitcoin Testnet", testnet parameters, addresses tb1...), each with accounts 0..9 funded. A network's
 * port is `ports.btcN`, else 0 when `ephemeral`, else its environment variable, else 18443 / 18444.
 * Throws PortInUseError when a fixed port is taken, BitcoinChainsError on a malformed port.
 */
export async function startBitcoinNetworks(
  options: StartBitcoinNetworksOptions = {},
): Promise<BitcoinNetworks> {
  const env = options.env ?? process.env
  const chosen = BITCOIN_NETWORK_DEFAULTS.map((defaults) => {
    const explicit = options.ports?.[defaults.key]
    const port = explicit ?? (options.ephemeral ? 0 : (portFromEnv(env, defaults.portEnv) ?? defaults.port))
    assertValidPort(port, explicit === undefined ? defaults.portEnv : `ports.${defaults.key}`)
    return { ...defaults, port, explicit: explicit !== undefined }
  })
  for (const entry of chosen) {
    if (entry.port !== 0 && !(await isPortFree(entry.port)))
      throw new PortInUseError(entry.port, entry.explicit ? undefined : entry.portEnv)
  }
  const accounts = getTestAccounts()
  const servers: Server[] = []
  try {
    const networks = [] as unknown as [BitcoinNetwork, BitcoinNetwork]
    for (const entry of chosen) {
      const ledger = createLedger(
        networkParams(entry.network),
        entry.network,
        fundingOutputs(entry.network, accounts),
        entry.network,
      )
      const controls: NetworkControls = { ledger, autoMine: options.autoMine ?? false }
      let served: { server: Server; port: number }
      try {
        served = await serveNetwork(controls, entry.port)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new PortInUseError(entry.port, entry.explicit ? undefined : entry.portEnv)
        throw error
      }
      servers.push(served.server)
      networks.push({
        name: entry.name,
        network: entry.network,
        port: served.port,
        esploraUrl: `http://127.0.0.1:${served.port}`,
        ledger,
        get autoMine() {
          return controls.autoMine
        },
        setAutoMine(enabled) {
          controls.autoMine = enabled
        },
        mine: (count) => ledger.mine(count),
        fund(address, sats) {
          const script = addressScript(address, ledger.network)
          if (!script)
            throw new BitcoinChainsError(`${address} is not an address of ${entry.name} (${entry.network})`)
          if (!Number.isSafeInteger(sats) || sats <= 0)
            throw new BitcoinChainsError(`fund: sats must be a positive integer, got ${sats}`)
          const funded = ledger.fund(script, sats)
          return { txid: funded.txid, vout: funded.vout, height: funded.block.height }
        },
      })
    }
    return {
      networks,
      accounts,
      info: () => ({
        networks: networks.map(({ name, network, esploraUrl, port }) => ({
          name,
          network,
          esploraUrl,
          port,
        })),
        accounts: structuredClone(accounts),
      }),
      stop: async () => {
        await Promise.all(servers.map(closeServer))
      },
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer))
    throw error
  }
}
