/**
 * The services stand-in of the test stack: its URL, its control API (settings, faults and recorded requests, kept
 * per projectId) and API clients for a fresh project of their own, so no two tests meet in the stand-in.
 */
import type { LocalStackInfo } from '@latchkey/stack'
import { inject, vi } from 'vitest'
import {
  type BlockchainApiClientOptions,
  createBlockchainApiClient,
  createProviderApiClient,
  type ProviderApiClientOptions,
} from '../../src/services/index.js'

/** The stand-in's base URL (no trailing slash). */
export const servicesUrl = (inject('stack') as LocalStackInfo).services.url

/** A request as the stand-in recorded it: its RecordedRequest, restated as @latchkey/services is no dependency here. */
export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  clientId?: string
  body?: unknown
  /** For a fault answer streamed by the stand-in: how many bytes it wrote, and whether the client hung up. */
  streamed?: { bytes: number; state: 'sending' | 'sent' | 'closed' }
}

/** Calls the control API for one project: a GET without `body`, a POST of `body` as JSON with it. */
export async function control(path: string, projectId: string, body?: unknown): Promise<unknown> {
  const init: RequestInit =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(
    `${servicesUrl}/__control/${path}?projectId=${encodeURIComponent(projectId)}`,
    init,
  )
  if (!response.ok) throw new Error(`control ${path}: ${response.status}`)
  return response.json()
}

/** Injects a fault into one project's answers. */
export const fault = (projectId: string, spec: Record<string, unknown>) => control('faults', projectId, spec)

/** Every request the stand-in recorded for one project, oldest first. */
export async function recordedRequests(projectId: string): Promise<RecordedRequest[]> {
  return ((await control('requests', projectId)) as { requests: RecordedRequest[] }).requests
}

/** A fresh project id, `prefix` naming the suite. */
const freshProjectId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`

/** A Provider API client for a fresh project, its logger mocked; `logged()` is all it warned or debugged. */
export function setupProviderApi(
  projectPrefix: string,
  options: Partial<ProviderApiClientOptions> & Pick<ProviderApiClientOptions, 'sdkVersion'>,
) {
  const projectId = freshProjectId(projectPrefix)
  const logger = { warn: vi.fn(), debug: vi.fn() }
  // The stand-in serves its images from 127.0.0.1: local images allowed, as the lab allows them.
  const api = createProviderApiClient({
    baseUrl: servicesUrl,
    projectId,
    logger,
    allowLocalImages: true,
    ...options,
  })
  const logged = () => [...logger.warn.mock.calls, ...logger.debug.mock.calls].flat().join('\n')
  return { projectId, api, logger, logged }
}

/** A Blockchain API client for a fresh project, its logger mocked and its clock moved by hand (`clock.now`). */
export function setupBlockchainApi(
  projectPrefix: string,
  options: Partial<BlockchainApiClientOptions> & Pick<BlockchainApiClientOptions, 'sdkVersion'>,
) {
  const projectId = freshProjectId(projectPrefix)
  const clock = { now: 1_700_000_000_000 }
  const logger = { warn: vi.fn(), debug: vi.fn() }
  const api = createBlockchainApiClient({
    baseUrl: servicesUrl,
    projectId,
    logger,
    now: () => clock.now,
    allowLocalImages: true,
    ...options,
  })
  return { projectId, api, clock, logger }
}
