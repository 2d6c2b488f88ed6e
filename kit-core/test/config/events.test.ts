import { describe, expect, test, vi } from 'vitest'
import {
  createEventsController,
  ERROR_REPORTS_PER_MINUTE,
  type EventsControllerDeps,
  type TrackedEvent,
} from '../../src/controllers/config/index.js'
import { LatchkeyError } from '../../src/errors/index.js'
import { nodeEnvironment } from '../../src/kit/environment.js'
import type { ErrorReport } from '../../src/services/types.js'
import { useFakeTimersPerTest } from '../support/fake-timers.js'

useFakeTimersPerTest(new Date('2030-01-01T00:00:00Z'))

function setup(
  options: { analytics?: boolean | Error; feature?: boolean } & Partial<EventsControllerDeps> = {},
) {
  const reports: ErrorReport[] = []
  const sent: TrackedEvent[] = []
  const providerApi = {
    getAnalyticsConfig: vi.fn(async () => {
      if (options.analytics instanceof Error) throw options.analytics
      return options.analytics ?? true
    }),
    sendError: vi.fn(async (report: ErrorReport) => {
      reports.push(report)
    }),
  }
  const window = { location: { origin: 'https://app.example', pathname: '/shop', hostname: 'app.example' } }
  const events = createEventsController({
    env: nodeEnvironment({ window: window as unknown as Window, origin: 'https://app.example' }),
    providerApi,
    isAnalyticsFeatureOn: () => options.feature ?? true,
    sendEvent: async (event) => {
      sent.push(event)
    },
    secrets: ['project-secret-id'],
    ...options,
  })
  return { events, reports, sent, providerApi }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('events', () => {
  test('subscribers get every tracked event with its time; unsubscribe stops them', () => {
    const { events } = setup()
    const seen: TrackedEvent[] = []
    const stop = events.subscribe((event) => seen.push(event))
    events.track({ event: 'MODAL_OPEN', properties: { connected: false } })
    events.track({ event: 'CONNECT_SUCCESS', properties: { method: 'qrcode', name: 'Wallet' } })
    stop()
    events.track({ event: 'MODAL_CLOSE', properties: { connected: true } })
    expect(seen.map((e) => e.data.event)).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS'])
    expect(seen[1]?.timestamp).toBe(Date.parse('2030-01-01T00:00:00Z'))
    expect(events.state.get().lastEvent?.data.event).toBe('MODAL_CLOSE')
  })

  test('a throwing subscriber does not stop the others', () => {
    const logger = { debug: vi.fn(), warn: vi.fn() }
    const { events } = setup({ logger })
    const seen: string[] = []
    events.subscribe(() => {
      throw new Error('host bug')
    })
    events.subscribe((event) => seen.push(event.data.event))
    events.track({ event: 'CLICK_ALL_WALLETS' })
    expect(seen).toEqual(['CLICK_ALL_WALLETS'])
    expect(logger.warn).toHaveBeenCalled()
  })

  test('[§8.8] nothing is sent before the analytics config says yes', async () => {
    const { events, reports, sent } = setup()
    events.track({ event: 'MODAL_OPEN', properties: { connected: false } })
    events.reportError(new Error('early'))
    await flush()
    expect(sent).toEqual([])
    expect(reports).toEqual([])
    await events.init()
    await flush()
    expect(events.state.get().analytics).toBe('on')
    expect(sent.map((e) => e.data.event)).toEqual(['MODAL_OPEN'])
    expect(reports.map((r) => r.props.errorMessage)).toEqual(['early'])
  })

  test.each([
    ['the service says no', { analytics: false }],
    ['the analytics config fails', { analytics: new Error('HTTP status code: 503') }],
    ['the host turned features.analytics off', { feature: false }],
  ])('[§8.8] nothing is ever sent when %s', async (_, options) => {
    const { events, reports, sent } = setup(options)
    events.reportError(new Error('before'))
    expect(await events.init()).toBe(false)
    events.track({ event: 'CLICK_NETWORKS' })
    events.reportError(new Error('after'))
    await flush()
    expect(events.state.get().analytics).toBe('off')
    expect(sent).toEqual([])
    expect(reports).toEqual([])
  })

  test('[§8.8] kit errors are wrapped and reported, capped at 5 reports per minute', async () => {
    expect(ERROR_REPORTS_PER_MINUTE).toBe(5)
    const { events, reports } = setup()
    await events.init()
    const wrapped = events.reportError(new TypeError('boom'))
    expect(wrapped).toBeInstanceOf(LatchkeyError)
    expect(wrapped.message).toBe('boom')
    expect(wrapped.code).toBe('INTERNAL_SDK_ERROR')
    expect(wrapped.cause).toBeInstanceOf(TypeError)
    const own = new LatchkeyError('Unsupported chain', { code: 'UNSUPPORTED_CHAIN' })
    expect(events.reportError(own)).toBe(own)
    for (let i = 0; i < 10; i++) events.reportError(`failure ${i}`)
    await flush()
    expect(reports).toHaveLength(5)

    vi.advanceTimersByTime(59_999)
    events.reportError(new Error('still capped'))
    await flush()
    expect(reports).toHaveLength(5)
    vi.advanceTimersByTime(1)
    events.reportError(new Error('a new minute'))
    await flush()
    expect(reports).toHaveLength(6)
    expect(reports.at(-1)?.props.errorMessage).toBe('a new minute')
  })

  test('[§8.8] a report has the SPEC §7 shape and carries no secret, query or fragment', async () => {
    const { events, reports } = setup()
    await events.init()
    const error = new Error('request to https://x/?projectId=project-secret-id failed')
    events.reportError(error, 'CONNECT_ERROR')
    await flush()
    const [report] = reports
    expect(report).toMatchObject({
      url: 'https://app.example/shop',
      domain: 'app.example',
      timestamp: Date.parse('2030-01-01T00:00:00Z'),
      props: { type: 'error', event: 'CONNECT_ERROR', errorType: 'LatchkeyError' },
    })
    expect(report?.eventId).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(JSON.stringify(report)).not.toContain('project-secret-id')
  })

  test('a failing sink is swallowed', async () => {
    const { events, providerApi } = setup()
    providerApi.sendError.mockRejectedValueOnce(new Error('sink down'))
    await events.init()
    expect(() => events.reportError(new Error('x'))).not.toThrow()
    await flush()
    expect(providerApi.sendError).toHaveBeenCalledTimes(1)
  })
})
