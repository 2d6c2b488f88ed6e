// The official SDKs, dApp and wallet, talking through the relay over real sockets on 127.0.0.1.
import type { IWalletKit } from '@reown/walletkit'
import type { SignClientTypes } from '@walletconnect/types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalRelay, startRelay } from '../src/index.js'
import {
  ADDRESS,
  APPROVED_NAMESPACES,
  CHAIN,
  createDapp,
  createWallet,
  type Dapp,
  nextEvent,
  REQUIRED_NAMESPACES,
  shutDown,
} from './sdk.js'

type Proposal = SignClientTypes.EventArguments['session_proposal']
type SessionRequest = SignClientTypes.EventArguments['session_request']

let relay: LocalRelay

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterAll(async () => {
  await relay.close()
})

/** A dApp and a wallet on the relay; `run` gets both, and both are shut down after it. */
async function withClients(run: (dapp: Dapp, wallet: IWalletKit) => Promise<void>): Promise<void> {
  const [dapp, wallet] = await Promise.all([createDapp(relay.url), createWallet(relay.url)])
  try {
    await run(dapp, wallet)
  } finally {
    await Promise.all([shutDown(dapp.core), shutDown(wallet.core)])
  }
}

/** The dApp proposes, the wallet pairs with the URI and approves; resolves with the session topic. */
async function connect(dapp: Dapp, wallet: IWalletKit): Promise<string> {
  const proposal = nextEvent<Proposal>(wallet, 'session_proposal')
  const { uri, approval } = await dapp.connect({ requiredNamespaces: REQUIRED_NAMESPACES })
  await wallet.pair({ uri: uri! })
  const { id } = await proposal
  const walletSession = await wallet.approveSession({ id, namespaces: APPROVED_NAMESPACES })
  const session = await approval()
  expect(session.topic).toBe(walletSession.topic)
  expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ADDRESS}`])
  return session.topic
}

/** personal_sign from the dApp, answered by the wallet with `signature`. */
async function signRoundTrip(
  dapp: Dapp,
  wallet: IWalletKit,
  topic: string,
  signature: string,
): Promise<void> {
  const incoming = nextEvent<SessionRequest>(wallet, 'session_request')
  const answer = dapp.request<string>({
    topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] },
  })
  const request = await incoming
  expect(request.params).toEqual({
    chainId: CHAIN,
    request: {
      method: 'personal_sign',
      params: ['0x68656c6c6f', ADDRESS],
      expiryTimestamp: expect.any(Number),
    },
  })
  await wallet.respondSessionRequest({
    topic,
    response: { id: request.id, jsonrpc: '2.0', result: signature },
  })
  expect(await answer).toBe(signature)
}

describe('sign-client and WalletKit through the relay', () => {
  it('pair, approve, request, event, ping both ways, and a disconnect from the wallet', async () => {
    await withClients(async (dapp, wallet) => {
      const topic = await connect(dapp, wallet)
      const methods = relay.log.map((call) => call.method)
      expect(methods).toContain('wc_proposeSession')
      expect(methods).toContain('wc_approveSession')

      await signRoundTrip(dapp, wallet, topic, `0x${'ab'.repeat(65)}`)

      const chainChanged = nextEvent<SignClientTypes.EventArguments['session_event']>(dapp, 'session_event')
      await wallet.emitSessionEvent({ topic, chainId: CHAIN, event: { name: 'chainChanged', data: 31337 } })
      expect((await chainChanged).params).toEqual({
        chainId: CHAIN,
        event: { name: 'chainChanged', data: 31337 },
      })

      const accountsChanged = nextEvent<SignClientTypes.EventArguments['session_event']>(
        dapp,
        'session_event',
      )
      await wallet.emitSessionEvent({
        topic,
        chainId: CHAIN,
        event: { name: 'accountsChanged', data: [ADDRESS] },
      })
      expect((await accountsChanged).params.event).toEqual({ name: 'accountsChanged', data: [ADDRESS] })

      await dapp.ping({ topic })
      await wallet.engine.signClient.ping({ topic })

      const deleted = nextEvent<SignClientTypes.EventArguments['session_delete']>(dapp, 'session_delete')
      await wallet.disconnectSession({ topic, reason: { code: 6000, message: 'User disconnected.' } })
      expect((await deleted).topic).toBe(topic)
      await expect.poll(() => dapp.session.keys).not.toContain(topic)
    })
  })

  it('a rejected proposal rejects the dApp’s approval()', async () => {
    await withClients(async (dapp, wallet) => {
      const proposal = nextEvent<Proposal>(wallet, 'session_proposal')
      const { uri, approval } = await dapp.connect({ requiredNamespaces: REQUIRED_NAMESPACES })
      const approved = approval()
      approved.catch(() => {})
      await wallet.pair({ uri: uri! })
      const { id } = await proposal
      await wallet.rejectSession({ id, reason: { code: 5000, message: 'User rejected.' } })
      await expect(approved).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
      expect(dapp.session.keys).toEqual([])
    })
  })

  it('a session survives the relay stopping and starting again on the same port', async () => {
    await withClients(async (dapp, wallet) => {
      const topic = await connect(dapp, wallet)
      const port = relay.port
      await relay.stop()
      expect(relay.connections).toBe(0)
      await relay.start()
      expect(relay.port).toBe(port)
      // Published before the wallet is back: the request waits in the session topic's mailbox.
      await signRoundTrip(dapp, wallet, topic, `0x${'cd'.repeat(65)}`)
      expect(relay.connections).toBe(2)
    })
  })
})
