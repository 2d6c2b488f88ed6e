import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PortInUseError, RPC_ERROR, type SolanaClusters, startSolanaClusters } from '../src/index.js'

let clusters: SolanaClusters
let url: string

beforeAll(async () => {
  clusters = await startSolanaClusters({ ephemeral: true })
  url = clusters.clusters[0].rpcUrl
})
afterAll(async () => {
  await clusters?.stop()
})

async function post(body: string): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  expect(response.status).toBe(200)
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  return response.json()
}
const call = (method: string, params?: unknown) =>
  post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))

describe('JSON-RPC errors', () => {
  it('answers malformed params with -32602 and a message naming the value', async () => {
    expect(await call('getBalance', ['not-a-key'])).toMatchObject({
      id: 1,
      error: {
        code: RPC_ERROR.invalidParams,
        message: "Invalid param: address 'not-a-key' is not a public key",
      },
    })
    expect(await call('getBalance', [])).toMatchObject({
      error: { code: -32602, message: 'Invalid params: missing address' },
    })
    expect(await call('getMinimumBalanceForRentExemption', ['x'])).toMatchObject({ error: { code: -32602 } })
    expect(await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/^failed to deserialize transaction/) },
    })
    expect(
      await call('getAccountInfo', [Keypair.generate().publicKey.toBase58(), { encoding: 'hex' }]),
    ).toMatchObject({
      error: { code: -32602, message: expect.stringContaining("unsupported encoding 'hex'") },
    })
  })

  it('answers an unknown method, a bad request and bad JSON as a node does', async () => {
    expect(await call('getEverything')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    })
    expect(await post('{"id":2,"method":"getSlot"}')).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32600, message: 'Invalid request' },
    })
    expect(await post('{not json')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(await post('[]')).toMatchObject({ error: { code: -32600 } })
  })

  it('answers a batch in order, each request on its own', async () => {
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'getGenesisHash' },
        { jsonrpc: '2.0', id: 'c', method: 'nope' },
      ]),
    )
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 'a', result: 'ok' },
      { jsonrpc: '2.0', id: 'b', result: clusters.clusters[0].genesisHash },
      { jsonrpc: '2.0', id: 'c', error: { code: -32601, message: 'Method not found' } },
    ])
  })

  it('refuses an airdrop of nothing or too much', async () => {
    const address = Keypair.generate().publicKey.toBase58()
    expect(await call('requestAirdrop', [address, 0])).toMatchObject({ error: { code: -32602 } })
    expect(await call('requestAirdrop', [address, 1e13])).toMatchObject({ error: { code: -32602 } })
  })

  it('refuses GET with 405', async () => {
    const response = await fetch(url)
    expect(response.status).toBe(405)
  })
})

describe('ports', () => {
  it('throws PortInUseError naming the variable when a fixed port is taken', async () => {
    const taken = clusters.clusters[0].port
    const error = await startSolanaClusters({
      env: { LATCHKEY_SOLANA1_PORT: String(taken), LATCHKEY_SOLANA2_PORT: '0' },
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PortInUseError)
    expect((error as Error).message).toBe(
      `Port ${taken} is already in use; set LATCHKEY_SOLANA1_PORT to another port.`,
    )
  })

  it('rejects a port variable that is not a port', async () => {
    await expect(startSolanaClusters({ env: { LATCHKEY_SOLANA1_PORT: 'abc' } })).rejects.toThrow(
      "LATCHKEY_SOLANA1_PORT must be a port number between 0 and 65535, got 'abc'.",
    )
  })
})
