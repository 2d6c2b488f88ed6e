// The balance endpoint of the stack's services stand-in on Solana and Bitcoin accounts, checked against the
// stack's clusters and networks read directly.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, inject, it, onTestFinished } from 'vitest'
import { SUPPORTED_CHAINS, startServicesServer } from '../src/index.js'
import { base58, freshBitcoinAddress, freshSolanaAddress } from './addresses.js'
import { getJson, postJson, startForFile } from './helpers.js'

const { solana, bitcoin, services } = inject('stack')
const base = services.url
const [clusterA, clusterB] = solana.clusters.map((cluster) => ({
  ...cluster,
  id: `solana:${cluster.genesisHash.slice(0, 32)}`,
}))
const [regtest, testnet] = bitcoin.networks
if (!clusterA || !clusterB || !regtest || !testnet)
  throw new Error('the stack has two clusters and two networks')
// Keypair 8 and account 8 belong to the chains' own packages, whose tests start backends of their own: on the
// stack's backends nobody spends from them.
const solanaHolder = solana.keypairs[8]!
/** The CAIP-2 id of each network from its genesis hash, read from its own Esplora API. */
const [regtestId, testnetId] = await Promise.all(
  [regtest, testnet].map(
    async (network) =>
      `bip122:${(await (await fetch(`${network.esploraUrl}/block-height/0`)).text()).slice(0, 32)}`,
  ),
)
const bitcoinHolder = bitcoin.accounts.find((account) => account.index === 8)!

interface Balance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

async function balances(address: string, chainId: string): Promise<Balance[]> {
  const { status, body } = await getJson<{ balances: Balance[] }>(
    `${base}/v1/account/${encodeURIComponent(address)}/balance?projectId=live&currency=usd&chainId=${chainId}`,
  )
  expect(status, JSON.stringify(body)).toBe(200)
  return body.balances
}

async function balanceStatus(address: string, chainId: string): Promise<number> {
  return (await getJson(`${base}/v1/account/${encodeURIComponent(address)}/balance?chainId=${chainId}`))
    .status
}

async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const { body } = await postJson<{ result: T }>(rpcUrl, { jsonrpc: '2.0', id: 1, method, params })
  return body.result
}

/** Lamports and raw LUSD units of `owner`, read from the cluster itself. */
async function readSolana(rpcUrl: string, owner: string): Promise<{ lamports: bigint; lusd: bigint }> {
  const balance = await solanaRpc<{ value: number }>(rpcUrl, 'getBalance', [owner])
  const accounts = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }>(rpcUrl, 'getTokenAccountsByOwner', [owner, { mint: solana.mint.address }, { encoding: 'jsonParsed' }])
  const lusd = accounts.value.reduce(
    (sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
    0n,
  )
  return { lamports: BigInt(balance.value), lusd }
}

/** Spendable satoshis of `address` (chain and mempool), read from the network's Esplora API itself. */
async function readBitcoin(esploraUrl: string, address: string): Promise<bigint> {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  const { body } = await getJson<{ chain_stats: Stats; mempool_stats: Stats }>(
    `${esploraUrl}/address/${address}`,
  )
  const net = (stats: Stats) => BigInt(stats.funded_txo_sum) - BigInt(stats.spent_txo_sum)
  return net(body.chain_stats) + net(body.mempool_stats)
}

/** `units` base units as the decimal string the endpoint reports. */
function decimal(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return `${digits.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`
}

describe('supported chains with the local Solana clusters and Bitcoin networks', () => {
  it('lists each local cluster and network by its real genesis hash, beside the fixed list', async () => {
    const { body } = await getJson<{ http: string[]; ws: string[] }>(`${base}/v1/supported-chains`)
    expect(body.http).toEqual([...SUPPORTED_CHAINS.http, clusterA.id, clusterB.id, regtestId, testnetId])
    expect(body.ws).toEqual([...SUPPORTED_CHAINS.ws])
    expect(new Set(body.http).size).toBe(body.http.length)
    expect(regtestId).toMatch(/^bip122:[0-9a-f]{32}$/)
    expect(await solanaRpc(clusterA.rpcUrl, 'getGenesisHash', [])).toBe(clusterA.genesisHash)
  })
})

describe('Solana balances', () => {
  it('answers SOL and the LUSD mint of a funded keypair as the cluster holds them', async () => {
    for (const cluster of [clusterA, clusterB]) {
      const held = await readSolana(cluster.rpcUrl, solanaHolder)
      expect(held.lamports).toBeGreaterThan(0n)
      expect(held.lusd).toBeGreaterThan(0n)
      const sol = decimal(held.lamports, 9)
      const lusd = decimal(held.lusd, 6)
      expect(await balances(solanaHolder, cluster.id)).toEqual([
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: cluster.id,
          value: Number(sol) * 150,
          price: 150,
          quantity: { decimals: '9', numeric: sol },
          iconUrl: `${base}/public/getTokenImage/SOL`,
        },
        {
          name: 'Latchkey USD',
          symbol: 'LUSD',
          chainId: cluster.id,
          address: `${cluster.id}:${solana.mint.address}`,
          value: Number(lusd),
          price: 1,
          quantity: { decimals: '6', numeric: lusd },
          iconUrl: `${base}/public/getTokenImage/LUSD`,
        },
      ])
    }
  })

  it('follows an airdrop on one cluster only, and leaves zero balances out', async () => {
    const owner = freshSolanaAddress()
    expect(await balances(owner, clusterA.id)).toEqual([])
    expect(await balances(owner, clusterB.id)).toEqual([])
    await solanaRpc(clusterB.rpcUrl, 'requestAirdrop', [owner, 1_500_000_000])
    expect((await readSolana(clusterB.rpcUrl, owner)).lamports).toBe(1_500_000_000n)
    expect(await balances(owner, clusterB.id)).toEqual([
      expect.objectContaining({ symbol: 'SOL', value: 225, quantity: { decimals: '9', numeric: '1.5' } }),
    ])
    expect(await balances(owner, clusterA.id)).toEqual([])
  })

  it('refuses what is not a Solana address with 400', async () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'not-base58-0OIl',
      base58(randomBytes(31)),
      `${solanaHolder}1`,
    ]) {
      expect(await balanceStatus(address, clusterA.id), address).toBe(400)
    }
  })
})

describe('Bitcoin balances', () => {
  const networks = [
    { ...regtest, id: regtestId! },
    { ...testnet, id: testnetId! },
  ]

  it('answers a funded address as Esplora counts it', async () => {
    for (const network of networks) {
      const address = bitcoinHolder.payment.addresses[network.network]!
      const sats = await readBitcoin(network.esploraUrl, address)
      expect(sats).toBeGreaterThan(0n)
      const numeric = decimal(sats, 8)
      expect(await balances(address, network.id)).toEqual([
        {
          name: 'Bitcoin',
          symbol: 'BTC',
          chainId: network.id,
          value: Number(numeric) * 60_000,
          price: 60_000,
          quantity: { decimals: '8', numeric },
          iconUrl: `${base}/public/getTokenImage/BTC`,
        },
      ])
    }
  })

  it('follows funds arriving on one network, and leaves zero balances out', async () => {
    const address = freshBitcoinAddress('testnet')
    expect(await balances(address, testnetId!)).toEqual([])
    const funded = await postJson(`${testnet.esploraUrl}/latchkey/fund`, { address, amount: 12_345_678 })
    expect(funded.status).toBe(200)
    expect(await readBitcoin(testnet.esploraUrl, address)).toBe(12_345_678n)
    expect(await balances(address, testnetId!)).toEqual([
      expect.objectContaining({ symbol: 'BTC', quantity: { decimals: '8', numeric: '0.12345678' } }),
    ])
    const regtestAddress = freshBitcoinAddress('regtest')
    expect(await balances(regtestAddress, regtestId!)).toEqual([])
  })

  it('counts what the mempool holds: unconfirmed funds arriving, and funds spent but not yet mined', async () => {
    // An Esplora answer with unconfirmed activity, served over HTTP as Esplora serves it (the local networks mine
    // every accepted transaction at once in the shared stack, so their mempool is empty between requests).
    const stats = (funded: number, spent: number) => ({
      funded_txo_count: 1,
      funded_txo_sum: funded,
      spent_txo_count: spent ? 1 : 0,
      spent_txo_sum: spent,
      tx_count: 1,
    })
    const arriving = freshBitcoinAddress('regtest')
    const spending = freshBitcoinAddress('regtest')
    const answers = new Map([
      [arriving, { chain_stats: stats(0, 0), mempool_stats: stats(250_000, 0) }],
      [spending, { chain_stats: stats(1_000_000, 0), mempool_stats: stats(0, 400_000) }],
    ])
    const esplora = createServer((request, response) => {
      const answer = answers.get(request.url?.split('/')[2] ?? '')
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer ?? {}))
    })
    await new Promise<void>((listening) => esplora.listen(0, '127.0.0.1', listening))
    onTestFinished(() => new Promise<void>((closed) => esplora.close(() => closed())))
    const { port } = esplora.address() as AddressInfo
    const server = await startForFile({
      bitcoin: { networks: [{ caipNetworkId: regtestId!, esploraUrl: `http://127.0.0.1:${port}` }] },
    })
    const quantityOf = async (address: string) => {
      const { body } = await getJson<{ balances: Balance[] }>(
        `${server.url}/v1/account/${address}/balance?chainId=${regtestId}`,
      )
      return body.balances.map((balance) => balance.quantity.numeric)
    }
    expect(await quantityOf(arriving)).toEqual(['0.0025'])
    expect(await quantityOf(spending)).toEqual(['0.006'])
  })

  it("refuses malformed addresses and another network's addresses with 400", async () => {
    const testnetAddress = bitcoinHolder.payment.addresses.testnet!
    expect(await balanceStatus(testnetAddress, regtestId!)).toBe(400)
    expect(await balanceStatus(bitcoinHolder.payment.addresses.regtest!, testnetId!)).toBe(400)
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'tb1qnotanaddress',
      `${testnetAddress}x`,
    ]) {
      expect(await balanceStatus(address, testnetId!), address).toBe(400)
    }
  })
})

describe('Solana and Bitcoin options', () => {
  it('refuses malformed network ids and URLs, naming the bad value, before listening', async () => {
    await expect(
      startServicesServer({
        port: 0,
        solana: { clusters: [{ caipNetworkId: 'solana:short', rpcUrl: clusterA.rpcUrl }] },
      }),
    ).rejects.toThrow('A Solana cluster id must be solana:<32 base58 characters>, got "solana:short".')
    await expect(
      startServicesServer({
        port: 0,
        solana: { clusters: [{ caipNetworkId: clusterA.id, rpcUrl: 'ftp://x' }] },
      }),
    ).rejects.toThrow(`The RPC URL of ${clusterA.id} must be an http(s) URL, got "ftp://x".`)
    await expect(
      startServicesServer({
        port: 0,
        bitcoin: {
          networks: [
            { caipNetworkId: 'bip122:000000000019D6689C085AE165831E93', esploraUrl: regtest.esploraUrl },
          ],
        },
      }),
    ).rejects.toThrow('A Bitcoin network id must be bip122:<32 hex characters>')
  })

  it('answers a 502 naming the chain when a cluster does not answer', async () => {
    const server = await startForFile({
      solana: { clusters: [{ caipNetworkId: clusterA.id, rpcUrl: 'http://127.0.0.1:9' }] },
    })
    const { status, body } = await getJson<{ error: string }>(
      `${server.url}/v1/account/${solanaHolder}/balance?chainId=${clusterA.id}`,
    )
    expect(status).toBe(502)
    expect(body.error).toContain(`chain ${clusterA.id} did not answer`)
  })
})
