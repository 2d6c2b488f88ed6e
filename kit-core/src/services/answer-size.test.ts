// Service answers that are too big, cut short or not JSON (issue 20), from the services stand-in of the test stack
// over real HTTP: its 'oversized' fault streams 50 MB (as the socket drains) and records how much it wrote before the
// client hung up, so a test sees the client stopped reading far short of it without timing anything.
import { describe, expect, test, vi } from 'vitest'
import { fundedAddress } from '../../test/support/local-chain.js'
import {
  fault,
  type RecordedRequest,
  recordedRequests,
  setupBlockchainApi,
  setupProviderApi,
} from '../../test/support/services-stand-in.js'
import { HttpRequestError } from '../errors/index.js'
import { ServiceDefaults } from './index.js'

const LOCAL = 'eip155:31337' as const
const FIFTY_MB = 50 * 1024 * 1024
const PAGE = { page: 1, entries: 4 }

async function requests(projectId: string, path: string): Promise<RecordedRequest[]> {
  return (await recordedRequests(projectId)).filter((request) => request.path.startsWith(path))
}

/** The stand-in saw the client close the connection of `request` long before 50 MB went out. */
async function expectStoppedEarly(projectId: string, path: string, index: number) {
  await vi.waitFor(async () =>
    expect((await requests(projectId, path))[index]?.streamed?.state).toBe('closed'),
  )
  const streamed = (await requests(projectId, path))[index]?.streamed
  expect(streamed?.bytes).toBeLessThan(FIFTY_MB / 2)
}

const tooLarge = (limit: number) => ({
  name: 'HttpRequestError',
  message: `The response is larger than the ${limit} bytes allowed`,
  code: 'RESPONSE_TOO_LARGE',
})

describe('service answer size cap', () => {
  test('caps both service clients at 2 MB by default', () => {
    expect(ServiceDefaults.maxResponseBytes).toBe(2 * 1024 * 1024)
  })

  test.each([
    ['with a Content-Length', true],
    ['without a Content-Length', false],
  ])('a 50 MB listing %s fails clearly, once, unread, and the next page works', async (_, lengthHeader) => {
    const { api, projectId } = setupProviderApi('core-answer-size', { sdkVersion: '1', retryDelay: 1 })
    const before = await api.getWallets(PAGE)
    await fault(projectId, { path: '/getWallets', fault: 'oversized', lengthHeader, times: 1 })
    const error = await api.getWallets(PAGE).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject(tooLarge(2_097_152))
    // Asked once (no retry), and the stand-in saw the connection closed far short of 50 MB.
    expect(await requests(projectId, '/getWallets')).toHaveLength(2)
    await expectStoppedEarly(projectId, '/getWallets', 1)
    // The fault is used up: the same page comes back as before.
    expect(await api.getWallets(PAGE)).toEqual(before)
  })

  test('an oversized supported-chains answer leaves the cache empty, and a later fetch fills it', async () => {
    const { api, projectId, clock, logger } = setupBlockchainApi('core-answer-size', { sdkVersion: '1' })
    await fault(projectId, {
      path: '/v1/supported-chains',
      fault: 'oversized',
      lengthHeader: false,
      times: 1,
    })
    expect(await api.getSupportedChains()).toEqual({ http: [], ws: [] })
    expect(String(logger.warn.mock.calls[0]?.[0])).toContain(
      'HttpRequestError: The response is larger than the 2097152 bytes allowed',
    )
    await expectStoppedEarly(projectId, '/v1/supported-chains', 0)
    // The failure's retry guard, as for any failure; then the real list, cached from then on.
    clock.now += ServiceDefaults.balanceRetryGuardMs
    expect((await api.getSupportedChains()).http).toContain(LOCAL)
    expect(await api.isNetworkSupported(LOCAL)).toBe(true)
    expect(await requests(projectId, '/v1/supported-chains')).toHaveLength(2)
  })

  test('an oversized balance answer throws, keeps no partial portfolio, and the next fetch returns the balance', async () => {
    const { api, projectId, clock } = setupBlockchainApi('core-answer-size', { sdkVersion: '1' })
    const address = await fundedAddress('1')
    const before = await api.getBalance({ address, caipNetworkId: LOCAL })
    expect(before.length).toBeGreaterThan(0)
    await fault(projectId, { path: '/v1/account/', fault: 'oversized', times: 1 })
    await expect(api.getBalance({ address, caipNetworkId: LOCAL, forceUpdate: true })).rejects.toMatchObject(
      tooLarge(2_097_152),
    )
    expect(await requests(projectId, '/v1/account/')).toHaveLength(2)
    await expectStoppedEarly(projectId, '/v1/account/', 1)
    clock.now += ServiceDefaults.balanceRetryGuardMs
    expect(await api.getBalance({ address, caipNetworkId: LOCAL })).toEqual(before)
  })

  test('the cap is the client option maxResponseBytes', async () => {
    const { api, projectId } = setupProviderApi('core-answer-size', {
      sdkVersion: '1',
      maxResponseBytes: 100,
    })
    await expect(api.getWallets(PAGE)).rejects.toMatchObject(tooLarge(100))
    expect(await requests(projectId, '/getWallets')).toHaveLength(1)
  })

  test('a truncated listing is asked again (a read), and a malformed one fails as before', async () => {
    const { api, projectId } = setupProviderApi('core-answer-size', { sdkVersion: '1', retryDelay: 1 })
    const before = await api.getWallets(PAGE)
    await fault(projectId, { path: '/getWallets', fault: 'truncated', times: 1 })
    expect(await api.getWallets(PAGE)).toEqual(before)
    expect(await requests(projectId, '/getWallets')).toHaveLength(3)
    await fault(projectId, { path: '/getWallets', fault: 'truncated', times: 4 })
    await expect(api.getWallets(PAGE)).rejects.toMatchObject({
      message: 'The response ended before its announced length',
      code: 'HTTP_REQUEST_FAILED',
    })
    expect(await requests(projectId, '/getWallets')).toHaveLength(7)
    await fault(projectId, { path: '/getWallets', fault: 'malformed', times: 1 })
    await expect(api.getWallets(PAGE)).rejects.toMatchObject({ message: 'HTTP request failed.', status: 200 })
    expect(await requests(projectId, '/getWallets')).toHaveLength(8)
    expect(await api.getWallets(PAGE)).toEqual(before)
  })
})
