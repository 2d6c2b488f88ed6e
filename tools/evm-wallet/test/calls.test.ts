import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData, erc20Abi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainClient, freshAddress, localChains, rejectionOf, stack, walletWith } from './helpers.js'

// This file sends from mnemonic index 6 only.
const SENDER = 6
/** Init code deploying a contract whose every call reverts (runtime 0x60006000fd). */
const REVERTER_INIT_CODE = '0x6460006000fd6000526005601bf3'

type CallsStatus = {
  version: string
  id: string
  chainId: string
  status: number
  atomic: boolean
  receipts?: { status: string; transactionHash: `0x${string}`; logs: unknown[]; blockHash: string }[]
}

async function getStatus(wallet: ReturnType<typeof walletWith>, id: string): Promise<CallsStatus> {
  return (await wallet.provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
}

/** Polls wallet_getCallsStatus until the bundle leaves 100 (pending). */
async function finalStatus(wallet: ReturnType<typeof walletWith>, id: string): Promise<CallsStatus> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const status = await getStatus(wallet, id)
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`bundle ${id} stayed pending`)
}

/**
 * A JSON-RPC proxy on 127.0.0.1 in front of `target` that can hold a request: `hold(match)` keeps the next request
 * whose body `match` accepts unanswered (`reached` settles when it arrives) until `release()`, then forwards it.
 */
async function holdingProxy(target: string) {
  const holds: { match: (body: { method: string }) => boolean; arrived: () => void; gate: Promise<void> }[] =
    []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const body = JSON.parse(text) as { method: string }
    const index = holds.findIndex((hold) => hold.match(body))
    if (index >= 0) {
      const [hold] = holds.splice(index, 1)
      hold!.arrived()
      await hold!.gate
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold(match: (body: { method: string }) => boolean) {
      let release = () => {}
      let arrived = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      const reached = new Promise<void>((resolve) => {
        arrived = resolve
      })
      holds.push({ match, arrived, gate })
      return { reached, release }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

describe('EIP-5792', () => {
  it('reports atomicity as unsupported for every known chain', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    expect(
      await wallet.provider.request({ method: 'wallet_getCapabilities', params: [wallet.address] }),
    ).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(
      await wallet.provider.request({
        method: 'wallet_getCapabilities',
        params: [wallet.address, ['0x7a6a']],
      }),
    ).toEqual({ '0x7a6a': { atomic: { status: 'unsupported' } } })
    const other = walletWith([SENDER])
    expect(
      (
        await rejectionOf(
          other.provider.request({ method: 'wallet_getCapabilities', params: [other.address] }),
        )
      ).code,
    ).toBe(4100)
  })

  it('wallet_sendCalls prompts once, sends each call in order, and getCallsStatus reports 200 with receipts', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const { LUSD } = stack().evm.tokens
    const to = freshAddress()
    const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })

    const result = (await wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: wallet.address,
          atomicRequired: false,
          calls: [
            { to, value: `0x${parseEther('0.5').toString(16)}` },
            {
              to: LUSD,
              data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1234n] }),
            },
          ],
        },
      ],
    })) as { id: string }
    expect(result.id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(wallet.prompts().map((entry) => entry.method)).toEqual(['wallet_sendCalls'])

    const status = await finalStatus(wallet, result.id)
    expect(status).toMatchObject({
      version: '2.0.0',
      id: result.id,
      chainId: '0x7a69',
      status: 200,
      atomic: false,
    })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts?.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(status.receipts?.[1]?.logs).toHaveLength(1) // the Transfer event

    // In order, consecutive nonces.
    const [first, second] = await Promise.all(
      (status.receipts ?? []).map((receipt) => client.getTransaction({ hash: receipt.transactionHash })),
    )
    expect([first?.nonce, second?.nonce]).toEqual([nonce, nonce + 1])
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))
    expect(
      await client.readContract({ address: LUSD, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    ).toBe(1234n)
  })

  it('getCallsStatus judges the bundle as it stood when asked: a call sent while it reads the receipts is not a failure', async () => {
    const [local] = localChains()
    const proxy = await holdingProxy(local.rpcUrl)
    try {
      const wallet = walletWith([SENDER], {
        connected: true,
        chains: [{ chainId: local.chainId, rpcUrl: proxy.url, name: local.name }],
      })
      const to = freshAddress()
      // The wallet's second eth_sendRawTransaction (the second call) waits until released.
      let raw = 0
      const secondCall = proxy.hold((body) => body.method === 'eth_sendRawTransaction' && ++raw === 2)
      const { id } = (await wallet.provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            atomicRequired: false,
            calls: [
              { to, value: '0x1' },
              { to, value: '0x2' },
            ],
          },
        ],
      })) as { id: string }
      await secondCall.reached
      // A status asked now reads the first call's receipt; that read is held while the second call goes out and
      // the bundle completes.
      const firstReceipt = proxy.hold((body) => body.method === 'eth_getTransactionReceipt')
      const asked = getStatus(wallet, id)
      await firstReceipt.reached
      secondCall.release()
      await expect.poll(async () => (await getStatus(wallet, id)).status).toBe(200)
      firstReceipt.release()
      // Still running when asked: 100 with the one receipt there was, never 600 (some calls failed).
      const early = await asked
      expect(early.status).toBe(100)
      expect(early.receipts?.map((receipt) => receipt.status)).toEqual(['0x1'])
      expect(await chainClient(31337).getBalance({ address: to })).toBe(3n)
    } finally {
      await proxy.close()
    }
  })

  it('runs calls that depend on earlier ones (approve, then transferFrom)', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const { LUSD } = stack().evm.tokens
    const to = freshAddress()
    const { id } = (await wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            {
              to: LUSD,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'approve',
                args: [wallet.address, 77n],
              }),
            },
            {
              to: LUSD,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transferFrom',
                args: [wallet.address, to, 77n],
              }),
            },
          ],
        },
      ],
    })) as { id: string }
    const status = await finalStatus(wallet, id)
    expect(status.status).toBe(200)
    expect(
      await client.readContract({ address: LUSD, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    ).toBe(77n)
  })

  it('reports 600 when a later call could not be sent (sequential execution, no atomicity)', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const client = chainClient(31337)
    const deploy = await wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, data: REVERTER_INIT_CODE }],
    })
    const reverter = (await client.waitForTransactionReceipt({ hash: deploy })).contractAddress
    expect(reverter).toBeTruthy()
    const to = freshAddress()

    const { id } = (await wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            { to, value: '0x9' },
            { to: reverter!, data: '0x' },
            { to, value: '0x9' },
          ],
        },
      ],
    })) as { id: string }
    const status = await finalStatus(wallet, id)
    expect(status.status).toBe(600)
    expect(status.receipts).toHaveLength(1)
    expect(await client.getBalance({ address: to })).toBe(9n)
  })

  it('sends on the chain the request names', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const to = freshAddress()
    const { id } = (await wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a6a', atomicRequired: false, calls: [{ to, value: '0x1' }] }],
    })) as { id: string }
    const status = await finalStatus(wallet, id)
    expect(status).toMatchObject({ chainId: '0x7a6a', status: 200 })
    const hash = status.receipts?.[0]?.transactionHash
    expect((await chainClient(31338).getTransaction({ hash: hash! })).chainId).toBe(31338)
  })

  it('refuses what it cannot do, before prompting', async () => {
    const wallet = walletWith([SENDER], { connected: true })
    const base = {
      version: '2.0.0',
      chainId: '0x7a69',
      atomicRequired: false,
      calls: [{ to: wallet.address }],
    }
    const send = (overrides: Record<string, unknown>) =>
      rejectionOf(
        wallet.provider.request({ method: 'wallet_sendCalls', params: [{ ...base, ...overrides }] } as never),
      )
    expect((await send({ atomicRequired: true })).code).toBe(5760)
    expect((await send({ chainId: '0x1' })).code).toBe(5710)
    expect((await send({ capabilities: { paymasterService: { url: 'http://x' } } })).code).toBe(5700)
    expect((await send({ calls: [] })).code).toBe(-32602)
    expect(wallet.prompts()).toEqual([])
    expect((await rejectionOf(getStatus(wallet, '0xdead'))).code).toBe(5730)

    // An optional capability it does not know is ignored.
    const { id } = (await wallet.provider.request({
      method: 'wallet_sendCalls',
      params: [
        { ...base, id: 'my-bundle', capabilities: { paymasterService: { url: 'http://x', optional: true } } },
      ],
    } as never)) as { id: string }
    expect(id).toBe('my-bundle')
    expect((await send({ id: 'my-bundle' })).code).toBe(5720)
  })

  it('a rejected bundle sends nothing', async () => {
    const wallet = walletWith([SENDER], { connected: true, policy: 'reject' })
    const client = chainClient(31337)
    const nonce = await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })
    const error = await rejectionOf(
      wallet.provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            atomicRequired: false,
            calls: [{ to: freshAddress(), value: '0x1' }],
          },
        ],
      }),
    )
    expect(error.code).toBe(4001)
    expect(await client.getTransactionCount({ address: wallet.address, blockTag: 'pending' })).toBe(nonce)
  })
})
