import { TEST_MNEMONIC, TOKEN_ADDRESSES } from '@latchkey/evm-chains'
import { describe, expect, inject, it } from 'vitest'
import { WebSocket } from 'ws'
import { formatStackInfo, type LocalStackInfo } from '../src/index.js'
import { rpc } from './support.js'

const info: LocalStackInfo = inject('stack')

describe('inject("stack") from the global setup', () => {
  it('describes two running EVM chains on ephemeral ports', async () => {
    expect(info.evm.chains).toHaveLength(2)
    const [a, b] = info.evm.chains
    expect(a?.port).not.toBe(b?.port)
    for (const chain of info.evm.chains) {
      expect(chain.port).not.toBe(8545)
      expect(chain.port).not.toBe(8546)
      expect(await rpc(chain.rpcUrl, 'eth_chainId')).toBe(`0x${chain.chainId.toString(16)}`)
    }
    expect(info.evm.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
  })

  it('serves the services stand-in on an ephemeral port, reading balances from the chains', async () => {
    const url = new URL(info.services.url)
    expect(url.hostname).toBe('127.0.0.1')
    expect(url.port).not.toBe('8547')
    const chains = (await (await fetch(`${info.services.url}/v1/supported-chains`)).json()) as {
      http: string[]
    }
    expect(chains.http).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338']))
    // Account 9 holds tokens on both chains; the balance comes from the chain, so it names the token addresses.
    const account = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
    const answer = (await (
      await fetch(`${info.services.url}/v1/account/${account}/balance?currency=usd&chainId=eip155:31338`)
    ).json()) as { balances: { symbol: string; address?: string }[] }
    expect(answer.balances.map((balance) => balance.symbol)).toEqual(expect.arrayContaining(['ETH', 'LUSD']))
    expect(answer.balances.find((balance) => balance.symbol === 'LKT')?.address).toBe(
      `eip155:31338:${info.evm.tokens.LKT}`,
    )
  })

  it('describes two Solana clusters with distinct genesis hashes and two Bitcoin networks, all answering', async () => {
    const [one, two] = info.solana.clusters
    expect(one.genesisHash).not.toBe(two.genesisHash)
    for (const cluster of info.solana.clusters) {
      expect(await rpc(cluster.rpcUrl, 'getGenesisHash')).toBe(cluster.genesisHash)
      expect(cluster.port).not.toBe(8899)
    }
    expect(info.solana.keypairs).toHaveLength(10)
    expect(info.bitcoin.networks.map((network) => network.network)).toEqual(['regtest', 'testnet'])
    for (const network of info.bitcoin.networks) {
      const height = Number(await (await fetch(`${network.esploraUrl}/blocks/tip/height`)).text())
      expect(height).toBeGreaterThanOrEqual(0)
    }
    const [account] = info.bitcoin.accounts
    const stats = (await (
      await fetch(`${info.bitcoin.networks[0]!.esploraUrl}/address/${account!.payment.addresses.regtest}`)
    ).json()) as { chain_stats: { funded_txo_sum: number } }
    expect(stats.chain_stats.funded_txo_sum).toBeGreaterThan(0)
  })

  it('runs the WalletConnect relay on an ephemeral port: a subscription over WebSocket is answered', async () => {
    const url = new URL(info.relay.url)
    expect(url.protocol).toBe('ws:')
    expect(url.hostname).toBe('127.0.0.1')
    expect(info.relay.port).not.toBe(8555)
    const socket = new WebSocket(info.relay.url)
    try {
      await new Promise((open, fail) => {
        socket.once('open', open)
        socket.once('error', fail)
      })
      const topic = 'ab'.repeat(32)
      socket.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }))
      const answer = await new Promise<{ id: number; result?: unknown }>((done) =>
        socket.once('message', (data) => done(JSON.parse(String(data)))),
      )
      expect(answer.id).toBe(1)
      expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      socket.close()
    }
  })

  it('runs the mail sink and the auth service: a login code sent by the service is in the sink', async () => {
    expect(new URL(info.mail.url).port).not.toBe('8025')
    expect(info.mail.smtpPort).not.toBe(2525)
    expect(info.auth.frameOrigin).toMatch(/^http:\/\/localhost:\d+$/)
    const health = await fetch(`${info.auth.url}/health`, { headers: { origin: info.auth.frameOrigin } })
    expect(health.headers.get('access-control-allow-origin')).toBe(info.auth.frameOrigin)
    // The secure frame answers on the origin the auth service allows, framed only by the project's allowed origins.
    expect(info.frame.origin).toBe(info.auth.frameOrigin)
    const frame = await fetch(
      `${info.frame.url.replace('localhost', '127.0.0.1')}?projectId=stack-frame-test`,
    )
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toMatch(
      /frame-ancestors [^;]*http:\/\/127\.0\.0\.1:5173/,
    )
    expect(await frame.text()).toContain('<script type="module" src="/frame.js"></script>')
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' })
    const email = `stack-${Date.now()}@example.test`
    const start = await fetch(`${info.auth.url}/v1/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'stack-test', email, deviceId: 'stack-test-device-0001' }),
    })
    expect(await start.json()).toEqual({ action: 'VERIFY_OTP' })
    const inbox = (await (await fetch(`${info.mail.url}/api/messages?to=${email}`)).json()) as {
      messages: { subject: string; text: string }[]
    }
    expect(inbox.messages).toHaveLength(1)
    expect(inbox.messages[0]?.text).toMatch(/Your login code is \d{6}\./)
  })

  it('names the mnemonic and the token addresses', () => {
    expect(info.evm.mnemonic).toBe(TEST_MNEMONIC)
    expect(info.evm.tokens).toEqual(TOKEN_ADDRESSES)
  })
})

describe('formatStackInfo', () => {
  it('lists every endpoint, token, the mnemonic and the funded accounts', () => {
    const text = formatStackInfo(info)
    for (const chain of info.evm.chains) {
      expect(text).toMatch(new RegExp(`${chain.name} +chain id ${chain.chainId} +${chain.rpcUrl}`))
    }
    expect(text).toMatch(new RegExp(`LUSD +${info.evm.tokens.LUSD} +Latchkey USD +6 decimals`))
    expect(text).toMatch(new RegExp(`LKT +${info.evm.tokens.LKT} +Latchkey Token +18 decimals`))
    expect(text).toMatch(
      new RegExp(`LUSDT +${info.evm.tokens.LUSDT} +Latchkey Tether +6 decimals +USDT-style`),
    )
    expect(text).toContain(`Mnemonic: ${TEST_MNEMONIC}`)
    expect(text).toContain('Accounts 0..9')
    expect(text).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(text).toMatch(new RegExp(`Services .*\\n +${info.services.url}`))
    for (const cluster of info.solana.clusters) {
      expect(text).toMatch(new RegExp(`${cluster.name} +genesis ${cluster.genesisHash} +${cluster.rpcUrl}`))
    }
    expect(text).toContain(`LUSD mint ${info.solana.mint.address} (6 decimals)`)
    for (const network of info.bitcoin.networks) {
      expect(text).toMatch(new RegExp(`${network.name} +${network.network} +${network.esploraUrl}`))
    }
    expect(text).toContain(info.bitcoin.accounts[0]!.payment.addresses.regtest)
    expect(text).toMatch(new RegExp(`WalletConnect relay .*\\n +${info.relay.url}`))
    expect(text).toMatch(
      new RegExp(
        `Mail sink .*\\n +mailbox ${info.mail.url}/\\n +SMTP +127\\.0\\.0\\.1:${info.mail.smtpPort}`,
      ),
    )
    expect(text).toMatch(new RegExp(`Auth service .*${info.auth.frameOrigin} only\\)\\n +${info.auth.url}`))
    expect(text).toMatch(new RegExp(`Secure frame .*\\n +${info.frame.url}`))
  })
})
