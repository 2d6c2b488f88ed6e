// The simulated user (approve / reject / hold), and requests outside the session: refused, never a crash.
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import type { JsonRpcRecord, SessionTypes } from '@walletconnect/types'
import { getSdkError, MemoryStore } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createWcWallet, type WcWallet, type WcWalletOptions } from '../src/index.js'
import {
  chainOptions,
  closeDapp,
  createDapp,
  type Dapp,
  EIP155_REQUEST,
  EVM_1,
  EVM_2,
  evmOnly,
  nextDappEvent,
  propose,
} from './support.js'

let relay: LocalRelay
const open: { wallets: WcWallet[]; dapps: Dapp[] } = { wallets: [], dapps: [] }

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterEach(async () => {
  await Promise.all([
    ...open.wallets.splice(0).map((wallet) => wallet.close()),
    ...open.dapps.splice(0).map(closeDapp),
  ])
})
afterAll(async () => {
  await relay.close()
})

/** A wallet (EVM only unless `options` say otherwise) and a dApp on the relay, both closed after the test. */
async function setUp(options: Partial<WcWalletOptions> = {}) {
  const [wallet, dapp] = await Promise.all([
    createWcWallet({ ...evmOnly(relay.url), ...options }),
    createDapp(relay.url),
  ])
  open.wallets.push(wallet)
  open.dapps.push(dapp)
  return { wallet, dapp }
}

/** Proposes the EIP-155 namespace and waits for the (auto-approved) session. */
async function connect(wallet: WcWallet, dapp: Dapp): Promise<SessionTypes.Struct> {
  const { approval } = await propose(dapp, wallet.pair)
  return approval
}

const personalSign = (dapp: Dapp, session: SessionTypes.Struct, text: string) => {
  const address = session.namespaces.eip155!.accounts[0]!.split(':')[2]!
  const message = `0x${Buffer.from(text).toString('hex')}`
  return dapp.request<`0x${string}`>({
    topic: session.topic,
    chainId: EVM_1,
    request: { method: 'personal_sign', params: [message, address] },
  })
}

describe('proposals', () => {
  it("policy 'reject': the proposal is rejected with the SDK's USER_REJECTED (5000)", async () => {
    const { wallet, dapp } = await setUp({ policy: 'reject' })
    const { approval } = await propose(dapp, wallet.pair)
    await expect(approval).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    expect(wallet.proposals).toMatchObject([{ status: 'rejected', reason: { code: 5000 } }])
    expect(dapp.session.keys).toEqual([])
  })

  it('a proposal for nothing the wallet holds is rejected (UNSUPPORTED_NAMESPACE_KEY, 5104)', async () => {
    const { wallet, dapp } = await setUp()
    const { approval } = await propose(dapp, wallet.pair, {
      cosmos: { chains: ['cosmos:cosmoshub-4'], methods: ['cosmos_signDirect'], events: [] },
    })
    await expect(approval).rejects.toMatchObject({ code: 5104 })
    expect(wallet.proposals[0]!.status).toBe('rejected')
  })

  it("policy 'hold': the proposal waits with the dApp's metadata until approve()", async () => {
    const { wallet, dapp } = await setUp({ policy: 'hold' })
    const { approval } = await propose(dapp, wallet.pair)
    const proposal = await wallet.nextProposal()
    expect(proposal).toMatchObject({
      status: 'pending',
      proposer: { name: 'Wallet test dApp', url: 'http://127.0.0.1' },
      optionalNamespaces: { eip155: { chains: [EVM_1] } },
    })
    const [session, walletSession] = await Promise.all([approval, wallet.approve(proposal.id)])
    expect(session.topic).toBe(walletSession.topic)
    expect(proposal).toMatchObject({ status: 'approved', sessionTopic: session.topic })
  })
})

describe('requests', () => {
  it("policy 'hold': requests wait in pending() until approveRequest / rejectRequest", async () => {
    const { wallet, dapp } = await setUp({ policy: 'hold' })
    const { approval } = await propose(dapp, wallet.pair)
    await wallet.approve((await wallet.nextProposal()).id)
    const session = await approval

    const first = personalSign(dapp, session, 'first')
    const second = personalSign(dapp, session, 'second')
    second.catch(() => {})
    const [held1, held2] = [await wallet.nextRequest(), await wallet.nextRequest()]
    expect(wallet.pending().map((request) => request.id)).toEqual([held1.id, held2.id])
    expect(held1).toMatchObject({ topic: session.topic, chainId: EVM_1, method: 'personal_sign' })

    wallet.approveRequest(held1.id)
    const address = session.namespaces.eip155!.accounts[0]!.split(':')[2] as `0x${string}`
    expect(await verifyMessage({ address, message: 'first', signature: await first })).toBe(true)
    wallet.rejectRequest()
    await expect(second).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.pending()).toEqual([])
    expect(wallet.log.map(({ outcome, prompted }) => ({ outcome, prompted }))).toEqual([
      { outcome: 'approved', prompted: true },
      { outcome: 'rejected', prompted: true },
    ])
    expect(() => wallet.approveRequest()).toThrow('No held request.')
  })

  it("policy 'reject': requests are answered 4001, or the rejectionError given (the SDK's 5000)", async () => {
    const { wallet, dapp } = await setUp()
    const session = await connect(wallet, dapp)
    wallet.setPolicy('reject')
    await expect(personalSign(dapp, session, 'no')).rejects.toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    // Reads need no approval: answered whatever the policy.
    expect(
      await dapp.request({
        topic: session.topic,
        chainId: EVM_1,
        request: { method: 'eth_chainId', params: [] },
      }),
    ).toBe('0x7a69')

    const other = await setUp({ rejectionError: getSdkError('USER_REJECTED') })
    const otherSession = await connect(other.wallet, other.dapp)
    other.wallet.setPolicy('reject')
    await expect(personalSign(other.dapp, otherSession, 'no')).rejects.toEqual({
      code: 5000,
      message: 'User rejected.',
    })
    expect(other.wallet.log.at(-1)).toMatchObject({ outcome: 'rejected', error: { code: 5000 } })
  })

  it('a method the session did not grant is refused, by the dApp’s SDK, the wallet’s SDK, and the wallet', async () => {
    const { wallet, dapp } = await setUp()
    const session = await connect(wallet, dapp)
    const ask = (method: string, chainId = EVM_1) =>
      dapp.request({ topic: session.topic, chainId, request: { method, params: [] } })

    // sign-client refuses to send it at all.
    await expect(ask('eth_signTypedData_v4')).rejects.toThrow(/method: eth_signTypedData_v4/)
    await expect(ask('eth_chainId', EVM_2)).rejects.toThrow(/chainId: eip155:31338/)

    // A dApp that believes otherwise (its own copy of the session widened): the wallet's SDK refuses it before the
    // wallet sees it. SDK 2.25 answers with its Error object, which travels as an empty error object.
    const widened = {
      eip155: {
        ...session.namespaces.eip155!,
        chains: [EVM_1, EVM_2],
        accounts: session.namespaces.eip155!.accounts.flatMap((account) => [
          account,
          account.replace(EVM_1, EVM_2),
        ]),
        methods: [...session.namespaces.eip155!.methods, 'eth_signTypedData_v4', 'eth_sign'],
      },
    }
    await dapp.session.update(session.topic, { namespaces: widened })
    await expect(ask('eth_signTypedData_v4')).rejects.toEqual({})
    await expect(ask('eth_chainId', EVM_2)).rejects.toEqual({})
    expect(wallet.log).toEqual([])
    // Granted on both sides, but not a method the wallet answers: the wallet's UNSUPPORTED_METHODS (5101).
    await wallet.walletKit.engine.signClient.session.update(session.topic, { namespaces: widened })
    await expect(ask('eth_sign')).rejects.toMatchObject({ code: 5101 })
    expect(wallet.log.at(-1)).toMatchObject({ method: 'eth_sign', outcome: 'error', prompted: false })
    // The wallet still answers afterwards.
    expect(await ask('eth_chainId')).toBe('0x7a69')
  })

  it('a dApp-asked chain switch moves the wallet and tells the dApp; an unknown chain is 4902', async () => {
    const { wallet, dapp } = await setUp()
    const session = await connect(wallet, dapp)
    const changed = nextDappEvent(dapp, 'session_event')
    const switched = await dapp.request({
      topic: session.topic,
      chainId: EVM_1,
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    })
    expect(switched).toBeNull()
    expect((await changed).params).toEqual({ chainId: EVM_2, event: { name: 'chainChanged', data: 31338 } })
    expect(dapp.session.get(session.topic).namespaces.eip155!.chains).toEqual([EVM_1, EVM_2])
    await expect(
      dapp.request({
        topic: session.topic,
        chainId: EVM_1,
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
      }),
    ).rejects.toMatchObject({ code: 4902 })
  })
})

describe('the user in the wallet', () => {
  it("switchChain: the session update counts as acknowledged even when the dApp's answer beats the SDK's updateSession back", async () => {
    const { wallet, dapp } = await setUp()
    const session = await connect(wallet, dapp)
    // The wallet's publish of the update returns only once the dApp's answer has been handled by the wallet's SDK
    // (its history record of the update is dropped after that): the order a dApp in the same process, or a busy
    // machine, produces now and then. The SDK's own acknowledged() never resolves after it.
    const { history, relayer } = wallet.walletKit.core
    const publish = relayer.publish.bind(relayer)
    relayer.publish = async (topic, message, opts) => {
      if (opts?.tag !== 1104) return publish(topic, message, opts)
      const handled = new Promise<void>((resolve) => {
        const onDeleted = (record: JsonRpcRecord) => {
          if (record.topic !== topic || record.request.method !== 'wc_sessionUpdate') return
          history.off('history_deleted', onDeleted)
          resolve()
        }
        history.on('history_deleted', onDeleted)
      })
      await publish(topic, message, opts)
      await handled
    }
    const changed = nextDappEvent(dapp, 'session_event', (e) => e.params.event.name === 'chainChanged')
    await wallet.switchChain(EVM_2)
    expect(dapp.session.get(session.topic).namespaces.eip155!.chains).toEqual([EVM_1, EVM_2])
    expect((await changed).params).toEqual({ chainId: EVM_2, event: { name: 'chainChanged', data: 31338 } })
  })

  it("switchChain fails with the dApp's refusal of the session update", async () => {
    const { wallet, dapp } = await setUp()
    const session = await connect(wallet, dapp)
    // The dApp has processed a later update already (the SDK's out-of-sync check): it refuses this one.
    MemoryStore.set(`${session.topic}_session_update`, (Date.now() + 60_000) * 1000)
    await expect(wallet.switchChain(EVM_2)).rejects.toMatchObject({
      code: getSdkError('INVALID_UPDATE_REQUEST').code,
      message: `The dApp refused the session update of ${session.topic}: Invalid update request.`,
    })
    expect(dapp.session.get(session.topic).namespaces.eip155!.chains).toEqual([EVM_1])
  })

  it('switchAccount: the dApp hears accountsChanged, selected account first', async () => {
    const keys = [generatePrivateKey(), generatePrivateKey()]
    const [first, second] = keys.map((key) => privateKeyToAddress(key))
    const { wallet, dapp } = await setUp({ evm: { privateKeys: keys, chains: chainOptions.evmChains() } })
    const session = await connect(wallet, dapp)
    expect(session.namespaces.eip155!.accounts).toEqual([`${EVM_1}:${first}`, `${EVM_1}:${second}`])
    const changed = nextDappEvent(dapp, 'session_event')
    await wallet.switchAccount('eip155', second!)
    expect((await changed).params).toEqual({
      chainId: EVM_1,
      event: { name: 'accountsChanged', data: [`${EVM_1}:${second}`, `${EVM_1}:${first}`] },
    })
    expect(wallet.accounts(EVM_1)[0]).toBe(`${EVM_1}:${second}`)
    expect(EIP155_REQUEST.events).toContain('accountsChanged')
  })

  it('onChange: a user interface hears each proposal, held request and answer; Verify resolves nothing at once', async () => {
    const { wallet, dapp } = await setUp({ policy: 'hold' })
    const seen: string[] = []
    const stop = wallet.onChange(() => {
      const pending = wallet.proposals.filter((proposal) => proposal.status === 'pending').length
      seen.push(`${pending}/${wallet.pending().length}/${wallet.log.map((entry) => entry.outcome).join(',')}`)
    })
    const { approval } = await propose(dapp, wallet.pair)
    await wallet.approve((await wallet.nextProposal()).id)
    const session = await approval
    const signing = personalSign(dapp, session, 'watched')
    await wallet.nextRequest()
    wallet.approveRequest()
    await signing
    await expect.poll(() => seen.at(-1)).toBe('0/0/approved')
    expect(seen[0]).toBe('1/0/')
    expect(seen).toContain('0/1/pending')
    // The Core's Verify is the offline one: no attestation is registered or resolved (no request leaves).
    await expect(wallet.walletKit.core.verify.resolve({ hash: 'ab' })).resolves.toBe('')
    await expect(wallet.walletKit.core.verify.register({ id: 'a', decryptedId: 'b' })).resolves.toBe('')
    stop()
    const count = seen.length
    wallet.setPolicy('approve')
    expect(seen).toHaveLength(count)
  })

  it('close(): a waiting nextRequest() fails, and nothing is left running', async () => {
    const { wallet } = await setUp({ policy: 'hold' })
    const waiting = wallet.nextRequest()
    await wallet.close()
    await expect(waiting).rejects.toThrow('closed')
    await wallet.close()
  })
})
