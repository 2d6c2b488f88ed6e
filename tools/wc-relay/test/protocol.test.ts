// The relay protocol spoken by hand over a raw WebSocket: routing, batches, mailboxes, session methods, errors.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LocalRelay, MAX_BATCH, MAX_TTL_SECONDS, RPC_ERROR, startRelay } from '../src/index.js'
import { RawClient, subscriptionIdOf, topicOf } from './raw-client.js'

let relay: LocalRelay
const opened: RawClient[] = []
let clients = 0

/** A new client with its own id (did:key-like iss), unless `clientId` names an earlier one. */
async function client(clientId = `did:key:test-${++clients}`): Promise<RawClient> {
  const raw = await RawClient.open(relay.url, clientId)
  opened.push(raw)
  return raw
}

const publish = (topic: string, message: string, ttl = 300, extra: Record<string, unknown> = {}) => ({
  topic,
  message,
  ttl,
  prompt: false,
  tag: 1108,
  ...extra,
})

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
})
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(opened.splice(0).map((raw) => raw.close()))
})
afterAll(async () => {
  await relay.close()
})

describe('routing', () => {
  it('answers irn_subscribe with the id the SDK computes, and pushes a publish to the other subscribers only', async () => {
    const topic = topicOf('routing')
    const [sender, receiver, bystander] = [await client(), await client(), await client()]
    for (const raw of [sender, receiver]) {
      expect(await raw.result('irn_subscribe', { topic })).toBe(subscriptionIdOf(topic, raw.clientId))
    }
    await bystander.result('irn_subscribe', { topic: topicOf('elsewhere') })

    const before = Date.now()
    expect(await sender.result('irn_publish', publish(topic, 'aGVsbG8=', 300, { correlationId: 7 }))).toBe(
      true,
    )
    const [push] = await receiver.pushCount(1)
    expect(push).toEqual({
      id: expect.any(Number),
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionIdOf(topic, receiver.clientId),
        data: { topic, message: 'aGVsbG8=', publishedAt: expect.any(Number), tag: 1108 },
      },
    })
    expect(push!.params!.data.publishedAt).toBeGreaterThanOrEqual(before)

    // The acknowledgement gets no answer; the sender and the bystander get nothing.
    receiver.ack(push!)
    await Promise.all([sender.settle(), receiver.settle(), bystander.settle()])
    expect(sender.pushes()).toEqual([])
    expect(bystander.pushes()).toEqual([])
    expect(receiver.pushes()).toHaveLength(1)
    expect(receiver.frames.filter((frame) => frame.id === push!.id)).toHaveLength(1)
  })

  it('never echoes to the sender, even on another socket of the same client', async () => {
    const topic = topicOf('same client')
    const first = await client('did:key:twice')
    const second = await client('did:key:twice')
    await second.result('irn_subscribe', { topic })
    await first.result('irn_publish', publish(topic, 'bWluZQ=='))
    await second.settle()
    expect(second.pushes()).toEqual([])
  })

  it('stops pushing after irn_unsubscribe', async () => {
    const topic = topicOf('unsubscribe')
    const [sender, receiver] = [await client(), await client()]
    const id = await receiver.result('irn_subscribe', { topic })
    expect(await receiver.result('irn_unsubscribe', { topic, id })).toBe(true)
    await sender.result('irn_publish', publish(topic, 'Z29uZQ=='))
    await receiver.settle()
    expect(receiver.pushes()).toEqual([])
    expect(relay.log.filter((call) => call.topic === topic).map((call) => call.method)).toEqual([
      'irn_subscribe',
      'irn_unsubscribe',
      'irn_publish',
    ])
  })

  it('supports the batch forms', async () => {
    const topics = ['batch a', 'batch b', 'batch c'].map(topicOf)
    const [sender, receiver] = [await client(), await client()]
    expect(await receiver.result('irn_batchSubscribe', { topics })).toEqual(
      topics.map((topic) => subscriptionIdOf(topic, receiver.clientId)),
    )
    const messages = topics.map((topic, index) => publish(topic, `bWVzc2FnZQ${index}`))
    expect(await sender.result('irn_batchPublish', { messages })).toBe(true)
    const pushes = await receiver.pushCount(3)
    expect(pushes.map((push) => [push.params!.data.topic, push.params!.data.message])).toEqual(
      messages.map(({ topic, message }) => [topic, message]),
    )

    const subscriptions = topics
      .slice(0, 2)
      .map((topic) => ({ topic, id: subscriptionIdOf(topic, receiver.clientId) }))
    expect(await receiver.result('irn_batchUnsubscribe', { subscriptions })).toBe(true)
    await sender.result('irn_batchPublish', { messages: topics.map((topic) => publish(topic, 'bGF0ZXI=')) })
    await receiver.settle()
    expect(
      receiver
        .pushes()
        .slice(3)
        .map((push) => push.params!.data.topic),
    ).toEqual([topics[2]])
  })
})

describe('mailboxes', () => {
  it('delivers a message to a subscriber that arrives later, after its subscribe answer, once per client', async () => {
    const topic = topicOf('mailbox')
    const sender = await client()
    await sender.result('irn_publish', publish(topic, 'ZWFybHk='))

    const late = await client('did:key:late')
    const answer = await late.call('irn_subscribe', { topic })
    const [push] = await late.pushCount(1)
    expect(late.frames.indexOf(answer)).toBeLessThan(late.frames.indexOf(push!))
    expect(push!.params!.data.message).toBe('ZWFybHk=')
    late.ack(push!)
    // Subscribing again, on this socket or a new one of the same client, brings nothing new.
    await late.result('irn_subscribe', { topic })
    await late.close()
    const again = await client('did:key:late')
    await again.result('irn_subscribe', { topic })
    await again.settle()
    expect(again.pushes()).toEqual([])
    // The sender never gets its own message from the mailbox either.
    await sender.result('irn_subscribe', { topic })
    await sender.settle()
    expect(sender.pushes()).toEqual([])
  })

  it('delivers again to a client whose socket closed before it acknowledged the push', async () => {
    const topic = topicOf('unacknowledged')
    const sender = await client()
    await sender.result('irn_publish', publish(topic, 'bG9zdA=='))
    const first = await client('did:key:forgetful')
    await first.result('irn_subscribe', { topic })
    await first.pushCount(1)
    await first.close()
    await expect.poll(() => relay.connections).toBe(1)
    const second = await client('did:key:forgetful')
    await second.result('irn_subscribe', { topic })
    const [push] = await second.pushCount(1)
    expect(push!.params!.data.message).toBe('bG9zdA==')
  })

  it('drops a message when its ttl is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const topic = topicOf('ttl')
    const sender = await client()
    await sender.result('irn_publish', publish(topic, 'c2hvcnQ=', 30))
    await sender.result('irn_publish', publish(topic, 'bG9uZw==', 31))
    vi.setSystemTime(Date.now() + 30_000)
    const late = await client()
    await late.result('irn_subscribe', { topic })
    await late.settle()
    expect(late.pushes().map((push) => push.params!.data.message)).toEqual(['bG9uZw=='])
    vi.setSystemTime(Date.now() + 1_000)
    const later = await client()
    await later.result('irn_subscribe', { topic })
    await later.settle()
    expect(later.pushes()).toEqual([])
  })

  it('stores a retried publish once', async () => {
    const topic = topicOf('retry')
    const sender = await client()
    await sender.result('irn_publish', publish(topic, 'dHdpY2U='))
    await sender.result('irn_publish', publish(topic, 'dHdpY2U='))
    const late = await client()
    await late.result('irn_subscribe', { topic })
    await late.settle()
    expect(late.pushes()).toHaveLength(1)
  })
})

describe('session methods', () => {
  it('wc_proposeSession and wc_approveSession subscribe their sender and publish on both topics', async () => {
    const pairingTopic = topicOf('pairing')
    const sessionTopic = topicOf('session')
    const [dapp, wallet] = [await client(), await client()]

    expect(
      await dapp.result('wc_proposeSession', {
        pairingTopic,
        sessionProposal: 'cHJvcG9zYWw=',
        ttl: 300,
        correlationId: 1,
      }),
    ).toBe(true)
    await wallet.result('irn_subscribe', { topic: pairingTopic })
    const [proposal] = await wallet.pushCount(1)
    expect(proposal!.params!.data).toMatchObject({ topic: pairingTopic, message: 'cHJvcG9zYWw=', tag: 1100 })
    wallet.ack(proposal!)

    expect(
      await wallet.result('wc_approveSession', {
        pairingTopic,
        sessionTopic,
        sessionProposalResponse: 'cmVzcG9uc2U=',
        sessionSettlementRequest: 'c2V0dGxl',
        ttl: 300,
      }),
    ).toBe(true)
    const [response] = await dapp.pushCount(1)
    expect(response!.params).toEqual({
      id: subscriptionIdOf(pairingTopic, dapp.clientId),
      data: expect.objectContaining({ topic: pairingTopic, message: 'cmVzcG9uc2U=', tag: 1101 }),
    })
    await dapp.result('irn_subscribe', { topic: sessionTopic })
    const [, settle] = await dapp.pushCount(2)
    expect(settle!.params!.data).toMatchObject({ topic: sessionTopic, message: 'c2V0dGxl', tag: 1102 })

    // The wallet was subscribed to the session topic by wc_approveSession.
    await dapp.result('irn_publish', publish(sessionTopic, 'c2V0dGxlZA=='))
    const [, settled] = await wallet.pushCount(2)
    expect(settled!.params).toEqual({
      id: subscriptionIdOf(sessionTopic, wallet.clientId),
      data: expect.objectContaining({ topic: sessionTopic, message: 'c2V0dGxlZA==' }),
    })
  })
})

describe('errors', () => {
  const topic = topicOf('errors')

  it('answers malformed frames, unknown methods and bad params with JSON-RPC errors and keeps serving', async () => {
    const raw = await client()
    const errorOf = async (send: () => void) => {
      const from = raw.frames.length
      send()
      return (await raw.waitFor((frame) => frame.error !== undefined, from)).error
    }
    const sendText = (text: string) => () => raw.sendText(text)

    expect(await errorOf(sendText('{"id": 1, '))).toEqual({
      code: RPC_ERROR.parse,
      message: 'Parse error: the frame is not JSON',
    })
    expect(raw.frames.at(-1)!.id).toBeNull()
    expect((await errorOf(sendText('[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}]')))!.code).toBe(
      RPC_ERROR.invalidRequest,
    )
    expect((await errorOf(sendText('"hello"')))!.code).toBe(RPC_ERROR.invalidRequest)
    expect(await errorOf(sendText('{"id":5,"method":"irn_subscribe","params":{}}'))).toEqual({
      code: RPC_ERROR.invalidRequest,
      message: 'Invalid request: `jsonrpc` must be "2.0"',
    })
    expect(
      (await errorOf(sendText(`{"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic}"}}`)))!
        .code,
    ).toBe(RPC_ERROR.invalidRequest)
    expect((await errorOf(() => raw.socket.send(Buffer.from('{}'), { binary: true })))!.code).toBe(
      RPC_ERROR.parse,
    )

    const answer = await raw.call('irn_fetchSomething', { topic })
    expect(answer.error).toEqual({
      code: RPC_ERROR.methodNotFound,
      message: 'Method not found: irn_fetchSomething',
    })

    const invalid = async (method: string, params: unknown) => {
      const reply = await raw.call(method, params)
      expect(reply.error?.code, `${method} ${JSON.stringify(params)}`).toBe(RPC_ERROR.invalidParams)
      return reply.error!.message
    }
    expect(await invalid('irn_subscribe', { topic: 'abc' })).toBe(
      'Invalid params: `topic` must be a topic: 64 hexadecimal characters',
    )
    expect(await invalid('irn_subscribe', [topic])).toBe('Invalid params: `params` must be an object')
    await invalid('irn_subscribe', undefined)
    await invalid('irn_subscribe', { topic: `${topic}0` })
    await invalid('irn_subscribe', { topic: 'g'.repeat(64) })
    for (const ttl of [0, -5, 1.5, '300', MAX_TTL_SECONDS + 1, null]) {
      expect(await invalid('irn_publish', publish(topic, 'eA==', ttl as number))).toBe(
        `Invalid params: \`ttl\` must be an integer number of seconds from 1 to ${MAX_TTL_SECONDS}`,
      )
    }
    await invalid('irn_publish', publish(topic, ''))
    await invalid('irn_publish', publish(topic, 'eA==', 300, { tag: -1 }))
    await invalid('irn_publish', publish(topic, 'eA==', 300, { prompt: 'yes' }))
    await invalid('irn_publish', publish(topic, 'eA==', 300, { attestation: 42 }))
    await invalid('irn_batchSubscribe', { topics: [] })
    await invalid('irn_batchSubscribe', { topics: Array.from({ length: MAX_BATCH + 1 }, () => topic) })
    expect(
      await invalid('irn_batchPublish', { messages: [publish(topic, 'eA=='), publish('nope', 'eA==')] }),
    ).toBe('Invalid params: `messages[1].topic` must be a topic: 64 hexadecimal characters')
    await invalid('irn_unsubscribe', { topic })
    await invalid('irn_batchUnsubscribe', { subscriptions: [{ topic, id: '' }] })
    await invalid('wc_proposeSession', { pairingTopic: topic, ttl: 300 })
    await invalid('wc_approveSession', {
      pairingTopic: topic,
      sessionTopic: topic,
      sessionProposalResponse: 'eA==',
      ttl: 300,
    })

    // A 19-digit numeric id (beyond 2^53) comes back digit for digit.
    raw.sendText(
      `{"id":1712345678901234567,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic}"}}`,
    )
    await raw.waitFor((frame) => frame.result !== undefined)
    expect(raw.texts.at(-1)).toBe(
      `{"id":1712345678901234567,"jsonrpc":"2.0","result":"${raw.frames.at(-1)!.result as string}"}`,
    )
    // No push was stored for the failed publishes; the socket is still open and served.
    expect(await raw.result('irn_subscribe', { topic })).toBe(subscriptionIdOf(topic, raw.clientId))
    expect(raw.socket.readyState).toBe(raw.socket.OPEN)
    const late = await client()
    await late.result('irn_subscribe', { topic })
    await late.settle()
    expect(late.pushes()).toEqual([])
    // The log records failed calls too, without a topic.
    expect(relay.log.filter((call) => call.method === 'irn_fetchSomething')).toEqual([
      { method: 'irn_fetchSomething', at: expect.any(Number) },
    ])
  })
})
