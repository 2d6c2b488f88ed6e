// The send form inside a kit: loaded on demand, and emptied by a network switch and a disconnect (resetSendState).
import { describe, expect, test, vi } from 'vitest'
import { createKitCore, createMemoryStorage, mainnet, nodeEnvironment, sepolia } from '../../src/index.js'
import { fakeApi, token } from '../account/support.js'
import { createFakeAdapter } from '../support/fake-adapter.js'

const EVM = '0x00000000000000000000000000000000000000a1'
const RECEIVER = '0x00000000000000000000000000000000000000b2'

async function filledKit() {
  const evm = createFakeAdapter('eip155', [mainnet, sepolia], [EVM])
  const api = fakeApi({ getBalance: vi.fn(async () => [token('eip155:1', 'ETH', '1')]) })
  const core = createKitCore(
    {
      adapters: [evm.adapter],
      metadata: { name: 'Test', description: 'Test', url: 'https://example.com', icons: [] },
      storage: createMemoryStorage(),
      environment: nodeEnvironment(),
      networks: [mainnet, sepolia],
    },
    { blockchainApi: api },
  )
  await core.ready
  await core.connect({ connectorId: 'fake', namespace: 'eip155' })
  expect(core.controllers.send.current()).toBeUndefined()
  const send = await core.controllers.send.load()
  expect(core.controllers.send.current()).toBe(send)
  await vi.waitFor(() => expect(send.state.get().tokenBalances).toHaveLength(1))
  send.setToken(send.state.get().tokenBalances[0])
  send.setTokenAmount('0.1')
  send.setReceiverAddress(RECEIVER)
  expect(send.state.get().sendTokenAmount).toBe('0.1')
  return { core, send }
}

describe('the send form in a kit', () => {
  test('[§4.16] a network switch resets the send form', async () => {
    const { core, send } = await filledKit()
    await core.switchNetwork(sepolia)
    expect(send.state.get().sendTokenAmount).toBeUndefined()
    expect(send.state.get().receiverAddress).toBeUndefined()
    expect(send.state.get().token).toBeUndefined()
  })

  test('[§4.8] a disconnect resets the send form', async () => {
    const { core, send } = await filledKit()
    await core.disconnect()
    expect(send.state.get().sendTokenAmount).toBeUndefined()
    expect(send.state.get().token).toBeUndefined()
    expect(send.state.get().tokenBalances).toEqual([])
  })
})
