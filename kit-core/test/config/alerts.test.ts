import { describe, expect, test, vi } from 'vitest'
import {
  ALERTS,
  createAlertsController,
  ERROR_ALERT_DELAY_MS,
  PROVIDER_ERROR_ALERTS,
} from '../../src/controllers/config/index.js'
import { LatchkeyError, Messages } from '../../src/errors/index.js'
import { createMemoryStorage } from '../../src/index.js'
import { useFakeTimersPerTest } from '../support/fake-timers.js'

useFakeTimersPerTest()

describe('alerts catalogue', () => {
  test('[§8.5] holds every alert of the spec, as data', () => {
    expect(Object.keys(ALERTS)).toEqual(
      expect.arrayContaining([
        'invalidAppConfiguration',
        'projectIdNotConfigured',
        'iframeLoadFailed',
        'iframeRequestTimeout',
        'unverifiedDomain',
        'switchNetworkNotFound',
        'rpcMethodNotAllowed',
        'localConfigurationIgnored',
      ]),
    )
    for (const definition of Object.values(ALERTS)) {
      expect(definition.shortMessage.length).toBeGreaterThan(0)
      expect(definition.longMessage({}).length).toBeGreaterThan(0)
      expect(['error', 'warning', 'info']).toContain(definition.variant)
    }
    expect(ALERTS.localConfigurationIgnored.shortMessage).toBe('Local configuration ignored')
    expect(ALERTS.localConfigurationIgnored.variant).toBe('warning')
    expect(ALERTS.rpcMethodNotAllowed.shortMessage).toBe(Messages.actionNotAllowed)
    expect(ALERTS.invalidAppConfiguration.longMessage({ origin: 'https://evil.example' })).toContain(
      'https://evil.example',
    )
  })
})

describe('alerts controller', () => {
  test('[§8.5] raise shows an alert, the latest wins, dismiss closes it', () => {
    const logger = { warn: vi.fn(), error: vi.fn() }
    const alerts = createAlertsController({ origin: 'https://app.example', logger })
    expect(alerts.state.get().open).toBe(false)
    alerts.raise('projectIdNotConfigured')
    expect(alerts.state.get()).toMatchObject({
      open: true,
      id: 'projectIdNotConfigured',
      shortMessage: 'Project ID Not Configured',
      variant: 'warning',
      views: ['Connect'],
    })
    alerts.raise('invalidAppConfiguration')
    expect(alerts.state.get().longMessage).toContain('https://app.example')
    expect(alerts.state.get().views).toBeUndefined()
    expect(logger.error).toHaveBeenCalledTimes(1)
    alerts.raise('localConfigurationIgnored', { settings: ['email', 'socials'] })
    expect(alerts.state.get().longMessage).toContain('email, socials')
    expect(logger.warn).toHaveBeenCalledTimes(2)
    alerts.dismiss()
    expect(alerts.state.get()).toMatchObject({ open: false, id: undefined })
  })

  test('[§5.19] project not configured: a warning (logged as one), on Connect only, once per browser session', async () => {
    // One session store for the "page loads" of one browser session; each load makes its own controller.
    const session = createMemoryStorage()
    const load = () => {
      const logger = { warn: vi.fn(), error: vi.fn() }
      return { logger, alerts: createAlertsController({ logger, session }) }
    }
    const first = load()
    await first.alerts.raise('projectIdNotConfigured')
    expect(first.alerts.state.get()).toMatchObject({
      open: true,
      id: 'projectIdNotConfigured',
      variant: 'warning',
      views: ['Connect'],
    })
    expect(first.logger.warn).toHaveBeenCalledWith(
      'Project ID Not Configured - update configuration in your project dashboard',
    )
    expect(first.logger.error).not.toHaveBeenCalled()

    // Raised but never shown (the visitor never opened Connect): the next load raises it again.
    const second = load()
    await second.alerts.raise('projectIdNotConfigured')
    expect(second.alerts.state.get().open).toBe(true)
    // Shown: it stays open on this page, and is remembered for the session.
    second.alerts.markShown()
    expect(second.alerts.state.get().open).toBe(true)
    await Promise.resolve()
    expect(session.keys()).toEqual(['alert_shown:projectIdNotConfigured'])

    const third = load()
    await third.alerts.raise('projectIdNotConfigured')
    expect(third.alerts.state.get().open).toBe(false)
    expect(third.logger.warn).not.toHaveBeenCalled()
    expect(third.logger.error).not.toHaveBeenCalled()
    // Other alerts are not once per session.
    third.alerts.raise('invalidAppConfiguration')
    expect(third.alerts.state.get().open).toBe(true)

    // A dismissal is remembered as well (a new session: a new store).
    const other = createMemoryStorage()
    const dismissing = createAlertsController({ session: other })
    await dismissing.raise('projectIdNotConfigured')
    dismissing.dismiss()
    await Promise.resolve()
    const after = createAlertsController({ session: other })
    await after.raise('projectIdNotConfigured')
    expect(after.state.get().open).toBe(false)
  })

  test('[§8.5] RPC method not allowed: the request is rejected at once and the alert shows after 300 ms', () => {
    expect(ERROR_ALERT_DELAY_MS).toBe(300)
    const alerts = createAlertsController()
    const error = alerts.rejectDisallowedMethod('eth_sign')
    expect(error).toBeInstanceOf(LatchkeyError)
    expect(error.message).toBe('Requested RPC call is not allowed')
    expect(alerts.state.get().open).toBe(false)
    vi.advanceTimersByTime(299)
    expect(alerts.state.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(alerts.state.get()).toMatchObject({
      open: true,
      id: 'rpcMethodNotAllowed',
      shortMessage: 'Action not allowed',
    })
    expect(alerts.state.get().longMessage).toContain('eth_sign')
  })

  test('dispose cancels a delayed alert', () => {
    const alerts = createAlertsController()
    alerts.raise('rpcMethodNotAllowed')
    alerts.dispose()
    vi.advanceTimersByTime(1000)
    expect(alerts.state.get().open).toBe(false)
  })

  test('[§8.6] universal-provider errors map to alerts once per kind', () => {
    const alerts = createAlertsController()
    expect(alerts.reportProviderError(new Error('Unauthorized: origin not allowed'))).toBe('originNotAllowed')
    expect(alerts.state.get().id).toBe('invalidAppConfiguration')
    alerts.dismiss()
    expect(alerts.reportProviderError({ message: 'Unauthorized: origin not allowed' })).toBeUndefined()
    expect(alerts.state.get().open).toBe(false)

    expect(alerts.reportProviderError('Unauthorized: invalid key')).toBe('invalidKey')
    expect(alerts.state.get().id).toBe('invalidProjectId')
    expect(alerts.reportProviderError('JWT validation error: JWT Token is not yet valid')).toBe('jwtNotValid')
    expect(alerts.state.get().id).toBe('sessionTokenNotValid')
    expect(alerts.reportProviderError(new Error('socket hang up'))).toBeUndefined()

    // Once per kind per kit: another kit raises its own.
    const other = createAlertsController()
    expect(other.reportProviderError('Unauthorized: origin not allowed')).toBe('originNotAllowed')
    expect(PROVIDER_ERROR_ALERTS.map((entry) => entry.alert).every((id) => id in ALERTS)).toBe(true)
  })
})
