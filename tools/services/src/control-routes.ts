// The control API over HTTP (under /__control): the same operations as ServicesControl in process.
import { badRequest, json, type Reply } from './blockchain-routes.js'
import type { Fault, ProjectSettings, ServicesControl } from './control.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Answers a control request; 404 for one it does not know, 400 (naming the field) for a malformed body. */
export async function controlRoute(
  control: ServicesControl,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): Promise<Reply> {
  const projectId = query.get('projectId') ?? ''
  try {
    if (method === 'POST' && path === '/__control/project') {
      control.setProject(projectId, (body ?? {}) as ProjectSettings)
      return json({ ok: true })
    }
    if (method === 'POST' && path === '/__control/faults') {
      control.addFault(projectId, body as Fault)
      return json({ ok: true })
    }
    if ((method === 'PUT' || method === 'POST') && path === '/__control/prices') {
      if (!isRecord(body)) return badRequest('a JSON body { prices } is required')
      await control.setPrices(projectId, body.prices as Record<string, number | null>)
      return json({ ok: true })
    }
    if (method === 'POST' && path === '/__control/history') {
      if (!isRecord(body)) return badRequest('a JSON body { address, items } is required')
      await control.addHistory(projectId, body.address as string, body.items as unknown[])
      return json({ ok: true })
    }
    if (method === 'GET' && path === '/__control/requests') {
      return json({ requests: control.requests(projectId) })
    }
    if (method === 'GET' && path === '/__control/reports') {
      return json({ reports: control.reports(projectId) })
    }
    if (method === 'POST' && path === '/__control/reset') {
      await control.reset(query.has('projectId') ? projectId : undefined)
      return json({ ok: true })
    }
  } catch (error) {
    return badRequest((error as Error).message)
  }
  return json({ error: `no control route for ${method} ${path}` }, 404)
}
