import { createServer, type Server } from 'node:net'
import { PortInUseError } from '@latchkey/evm-chains'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_SOCIALS,
  defaultRemoteFeatures,
  type RecordedRequest,
  startServicesServer,
} from '../src/index.js'
import { getJson, postJson, startForFile } from './helpers.js'

const server = await startForFile()
const base = server.url
let project = 0
/** A project id of its own for each test: the server keeps settings, faults and requests per project. */
const newProject = () => `services-test-${++project}`

afterEach(() => server.control.reset())

describe('the Provider API', () => {
  it('serves the default remote features of SPEC §9 for any project', async () => {
    const { status, body } = await getJson<{
      features: { id: string; isEnabled: boolean; config: unknown }[]
    }>(`${base}/appkit/v1/config?projectId=p1&st=appkit&sv=1.0.0`)
    expect(status).toBe(200)
    expect(body.features).toEqual(defaultRemoteFeatures())
    const byId = Object.fromEntries(body.features.map((f) => [f.id, f]))
    expect(byId.swaps?.config).toHaveLength(1)
    expect(byId.onramp?.config).toEqual(['coinbase', 'meld'])
    expect(byId.social_login?.config).toEqual([...DEFAULT_SOCIALS])
    expect(DEFAULT_SOCIALS).toHaveLength(7)
    for (const id of ['email', 'activity', 'reown_branding']) expect(byId[id]?.isEnabled).toBe(true)
  })

  it('overrides config, origins, analytics and wallets per project, leaving other projects alone', async () => {
    const mine = newProject()
    const other = newProject()
    const features = [{ id: 'email', isEnabled: false, config: null }]
    const set = await postJson(`${base}/__control/project?projectId=${mine}`, {
      features,
      allowedOrigins: ['https://app.example'],
      isAnalyticsEnabled: false,
      wallets: [{ id: 'x', name: '<b>hostile</b>', chains: 'not-a-list' }],
    })
    expect(set.status).toBe(200)
    expect((await getJson(`${base}/appkit/v1/config?projectId=${mine}`)).body).toEqual({ features })
    expect((await getJson(`${base}/projects/v1/origins?projectId=${mine}`)).body).toEqual({
      allowedOrigins: ['https://app.example'],
    })
    expect((await getJson(`${base}/getAnalyticsConfig?projectId=${mine}`)).body).toEqual({
      isAnalyticsEnabled: false,
    })
    expect((await getJson(`${base}/getWallets?projectId=${mine}`)).body).toEqual({
      count: 1,
      data: [{ id: 'x', name: '<b>hostile</b>', chains: 'not-a-list' }],
    })
    expect((await getJson(`${base}/projects/v1/origins?projectId=${other}`)).body).toEqual({
      allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS],
    })
    expect((await getJson(`${base}/getAnalyticsConfig?projectId=${other}`)).body).toEqual({
      isAnalyticsEnabled: true,
    })
    server.control.setProject(mine, { wallets: { generate: 5 } })
    expect((await getJson<{ count: number }>(`${base}/getWallets?projectId=${mine}`)).body.count).toBe(5)
  })

  it('draws an SVG per wallet image id (stable, different per id) and badges for assets, currencies and tokens', async () => {
    const first = await fetch(`${base}/getWalletImage/3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await first.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    const again = await (await fetch(`${base}/getWalletImage/3f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6`)).text()
    expect(again).toBe(svg)
    const other = await (await fetch(`${base}/getWalletImage/other-image`)).text()
    expect(other).not.toBe(svg)
    for (const path of [
      'public/getAssetImage/eip155-1',
      'public/getCurrencyImage/USD',
      'public/getTokenImage/LUSD',
    ]) {
      const response = await fetch(`${base}/${path}`)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(await response.text()).toContain('<text')
    }
    expect((await fetch(`${base}/public/getTokenImage/${encodeURIComponent('<script>')}`)).status).toBe(404)
  })

  it('records the error reports POSTed to /e, per project', async () => {
    const mine = newProject()
    const report = {
      eventId: 'e-1',
      url: 'https://app.example/page',
      domain: 'app.example',
      timestamp: 1,
      props: { type: 'error', event: 'ERROR', errorType: 'TypeError', errorMessage: 'boom' },
    }
    const sent = await postJson(`${base}/e?projectId=${mine}&st=appkit&sv=1.0.0`, report)
    expect(sent.status).toBe(202)
    expect(server.control.reports(mine)).toEqual([report])
    expect((await getJson(`${base}/__control/reports?projectId=${mine}`)).body).toEqual({ reports: [report] })
    expect(server.control.reports(newProject())).toEqual([])
    expect((await postJson(`${base}/e?projectId=${mine}`, 'not an object')).status).toBe(400)
  })

  it('answers CORS preflights so the kit can call it from a page', async () => {
    const response = await fetch(`${base}/getWallets`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'x-latchkey-client-id' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toContain('x-latchkey-client-id')
  })
})

describe('the control API', () => {
  it('records each request with its query, client id and body, and forgets them on reset', async () => {
    const mine = newProject()
    await fetch(`${base}/getWallets?projectId=${mine}&page=2&entries=4`, {
      headers: { 'x-latchkey-client-id': 'client-7' },
    })
    await postJson(`${base}/e?projectId=${mine}`, { eventId: 'x' })
    const { body } = await getJson<{ requests: RecordedRequest[] }>(
      `${base}/__control/requests?projectId=${mine}`,
    )
    expect(body.requests).toEqual([
      {
        method: 'GET',
        path: '/getWallets',
        query: { projectId: mine, page: '2', entries: '4' },
        clientId: 'client-7',
      },
      { method: 'POST', path: '/e', query: { projectId: mine }, body: { eventId: 'x' } },
    ])
    await postJson(`${base}/__control/reset?projectId=${mine}`, {})
    expect(server.control.requests(mine)).toEqual([])
  })

  it('injects statuses and canned bodies for a path prefix, a given number of times', async () => {
    const mine = newProject()
    await postJson(`${base}/__control/faults?projectId=${mine}`, {
      path: '/getWallets',
      status: 503,
      times: 2,
    })
    server.control.addFault(mine, {
      path: '/v1/identity/',
      body: { name: 42, avatar: 'javascript:alert(1)' },
    })
    expect((await getJson(`${base}/getWallets?projectId=${mine}`)).status).toBe(503)
    expect((await getJson(`${base}/getWallets?projectId=${mine}`)).status).toBe(503)
    expect((await getJson(`${base}/getWallets?projectId=${mine}`)).status).toBe(200)
    expect((await getJson(`${base}/v1/identity/0xabc?projectId=${mine}`)).body).toEqual({
      name: 42,
      avatar: 'javascript:alert(1)',
    })
    // Another project is not affected.
    expect((await getJson(`${base}/getWallets?projectId=${newProject()}`)).status).toBe(200)
    expect((await postJson(`${base}/__control/faults?projectId=${mine}`, { path: 'no-slash' })).status).toBe(
      400,
    )
  })

  it('holds a request open for a timeout fault and drops the connection for a reset fault', async () => {
    const mine = newProject()
    server.control.addFault(mine, { path: '/projects/v1/origins', fault: 'timeout', times: 1 })
    server.control.addFault(mine, { path: '/getAnalyticsConfig', fault: 'reset', times: 1 })
    const controller = new AbortController()
    const held = fetch(`${base}/projects/v1/origins?projectId=${mine}`, { signal: controller.signal })
    const outcome = await Promise.race([
      held.then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ])
    expect(outcome).toBe('still waiting')
    controller.abort()
    await expect(held).rejects.toThrow()
    await expect(fetch(`${base}/getAnalyticsConfig?projectId=${mine}`)).rejects.toThrow()
    // Both were used up: the next requests are answered.
    expect((await getJson(`${base}/projects/v1/origins?projectId=${mine}`)).status).toBe(200)
    expect((await getJson(`${base}/getAnalyticsConfig?projectId=${mine}`)).status).toBe(200)
  })
})

describe('startServicesServer', () => {
  const held: Server[] = []
  afterEach(async () => {
    await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
  })

  async function occupy(): Promise<number> {
    const blocker = createServer()
    held.push(blocker)
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    return (blocker.address() as { port: number }).port
  }

  it('names LATCHKEY_SERVICES_PORT when its port is taken', async () => {
    const port = await occupy()
    const error = await startServicesServer({ env: { LATCHKEY_SERVICES_PORT: String(port) } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PortInUseError)
    expect((error as Error).message).toBe(
      `Port ${port} is already in use; set LATCHKEY_SERVICES_PORT to another port.`,
    )
  })

  it('listens on the port of LATCHKEY_SERVICES_PORT, and stop() frees it', async () => {
    const port = await occupy()
    await new Promise((resolve) => held.pop()?.close(resolve))
    const started = await startServicesServer({ env: { LATCHKEY_SERVICES_PORT: String(port) } })
    expect(started.url).toBe(`http://127.0.0.1:${port}`)
    expect((await getJson(`${started.url}/v1/supported-chains`)).status).toBe(200)
    await started.stop()
    await started.stop()
    await expect(fetch(`${started.url}/v1/supported-chains`)).rejects.toThrow()
  })

  it('refuses a malformed port variable', async () => {
    await expect(startServicesServer({ env: { LATCHKEY_SERVICES_PORT: 'eighty' } })).rejects.toThrow(
      'LATCHKEY_SERVICES_PORT must be a port number between 0 and 65535',
    )
  })
})
