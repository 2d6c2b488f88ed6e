// Starts the two local clusters, each a litesvm ledger with funded keypairs and the test mint, served over
// JSON-RPC on 127.0.0.1.

import { createHash } from 'node:crypto'
import { assertValidPort, portFromEnv } from '@latchkey/local-ports'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { type PublicKey, SystemProgram } from '@solana/web3.js'
import { encodeBase58 } from './base58.js'
import {
  FUNDED_KEYPAIR_COUNT,
  FUNDED_LAMPORTS,
  FUNDED_TOKEN_AMOUNT,
  getMintAuthorityKeypair,
  getMintKeypair,
  getTestKeypairs,
} from './keypairs.js'
import { createLedger, type Ledger } from './ledger.js'
import { createRpcMethods } from './rpc-methods.js'
import { type ClusterServer, startClusterServer } from './server.js'
import { encodeMint, encodeTokenAccount, MINT_DECIMALS } from './tokens.js'

/** The two clusters: name, default port, port variable, and the text hashed into the genesis hash. */
export const SOLANA_CLUSTER_DEFAULTS = [
  {
    name: 'Latchkey Solana Local',
    defaultPort: 8899,
    portEnv: 'LATCHKEY_SOLANA1_PORT',
    genesisSeed: 'latchkey solana local 1',
  },
  {
    name: 'Latchkey Solana Local 2',
    defaultPort: 8901,
    portEnv: 'LATCHKEY_SOLANA2_PORT',
    genesisSeed: 'latchkey solana local 2',
  },
] as const

/** One running cluster, as a host or test needs to reach it. */
export interface SolanaClusterInfo {
  readonly name: string
  readonly rpcUrl: string
  /** WebSocket endpoint: the same port; pass it to `new Connection(rpcUrl, { wsEndpoint })`. */
  readonly wsUrl: string
  readonly genesisHash: string
  readonly port: number
}

/** The test mint (the same address on both clusters). */
export interface SolanaMintInfo {
  readonly address: string
  readonly symbol: 'LUSD'
  readonly decimals: number
  readonly mintAuthority: string
}

/** The serializable description of the running clusters (what tools/stack hands to tests). */
export interface LocalSolanaStack {
  readonly clusters: readonly [SolanaClusterInfo, SolanaClusterInfo]
  readonly mint: SolanaMintInfo
  /** Public keys (base58) of the funded test keypairs 0..9; their secret keys come from getTestKeypair(i). */
  readonly keypairs: readonly string[]
}

export interface StartSolanaClustersOptions {
  /** Listen on OS-chosen ports (tests). */
  readonly ephemeral?: boolean
  /** Fixed ports for cluster 1 and 2; they win over `ephemeral` and the environment. */
  readonly ports?: readonly [number | undefined, number | undefined]
  /** Environment to read the port variables from (default process.env). */
  readonly env?: Record<string, string | undefined>
}

export interface SolanaClusters extends LocalSolanaStack {
  /** Stops both servers (closing every WebSocket). */
  stop(): Promise<void>
}

/** The genesis hash of cluster `seed`: base58 of its SHA-256, so it is fixed and differs per cluster. */
function genesisHashOf(seed: string): string {
  return encodeBase58(createHash('sha256').update(seed).digest())
}

function fund(ledger: Ledger, owners: readonly PublicKey[]): void {
  const mint = getMintKeypair().publicKey
  const tokenAccountRent = BigInt(ledger.minimumBalanceForRentExemption(165))
  ledger.setAccount(mint, {
    lamports: BigInt(ledger.minimumBalanceForRentExemption(82)),
    data: encodeMint(
      getMintAuthorityKeypair().publicKey,
      FUNDED_TOKEN_AMOUNT * BigInt(owners.length),
      MINT_DECIMALS,
    ),
    owner: TOKEN_PROGRAM_ID,
  })
  for (const owner of owners) {
    ledger.setAccount(owner, {
      lamports: FUNDED_LAMPORTS,
      data: new Uint8Array(),
      owner: SystemProgram.programId,
    })
    const tokenAccount = getAssociatedTokenAddressSync(
      mint,
      owner,
      false,
      TOKEN_PROGRAM_ID,
      ASSOCIATED_TOKEN_PROGRAM_ID,
    )
    ledger.setAccount(tokenAccount, {
      lamports: tokenAccountRent,
      data: encodeTokenAccount(mint, owner, FUNDED_TOKEN_AMOUNT),
      owner: TOKEN_PROGRAM_ID,
    })
  }
  ledger.setAccount(getMintAuthorityKeypair().publicKey, {
    lamports: FUNDED_LAMPORTS,
    data: new Uint8Array(),
    owner: SystemProgram.programId,
  })
}

/** Which port cluster `index` listens on: its option, else 0 when ephemeral, else its variable, else the default. */
export function resolveSolanaPorts(options: StartSolanaClustersOptions = {}): [number, number] {
  const env = options.env ?? process.env
  return SOLANA_CLUSTER_DEFAULTS.map((defaults, index) => {
    const port =
      options.ports?.[index] ??
      (options.ephemeral ? 0 : (portFromEnv(env, defaults.portEnv) ?? defaults.defaultPort))
    assertValidPort(port, `The port of ${defaults.name}`)
    return port
  }) as [number, number]
}

/**
 * Starts both clusters with funded keypairs 0..9 and the LUSD mint. Throws PortInUseError when a fixed port is
 * taken and SolanaChainsError for a bad port variable; nothing is left running when it throws.
 */
export async function startSolanaClusters(options: StartSolanaClustersOptions = {}): Promise<SolanaClusters> {
  const ports = resolveSolanaPorts(options)
  const owners = getTestKeypairs(FUNDED_KEYPAIR_COUNT).map((keypair) => keypair.publicKey)
  const servers: ClusterServer[] = []
  const infos: SolanaClusterInfo[] = []
  try {
    for (const [index, defaults] of SOLANA_CLUSTER_DEFAULTS.entries()) {
      const genesisHash = genesisHashOf(defaults.genesisSeed)
      const ledger = createLedger({ genesisHash, blockhashOffset: index * 1000 })
      fund(ledger, owners)
      const server = await startClusterServer({
        ledger,
        methods: createRpcMethods(ledger, genesisHash),
        port: ports[index]!,
        envVar: options.ports?.[index] === undefined && !options.ephemeral ? defaults.portEnv : undefined,
      })
      servers.push(server)
      infos.push({
        name: defaults.name,
        rpcUrl: server.rpcUrl,
        wsUrl: server.wsUrl,
        genesisHash,
        port: server.port,
      })
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()))
    throw error
  }
  return {
    clusters: infos as unknown as [SolanaClusterInfo, SolanaClusterInfo],
    mint: {
      address: getMintKeypair().publicKey.toBase58(),
      symbol: 'LUSD',
      decimals: MINT_DECIMALS,
      mintAuthority: getMintAuthorityKeypair().publicKey.toBase58(),
    },
    keypairs: owners.map((owner) => owner.toBase58()),
    stop: async () => {
      await Promise.all(servers.map((server) => server.close()))
    },
  }
}
