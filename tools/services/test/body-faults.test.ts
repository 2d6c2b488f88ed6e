// The faults that answer with a body of their own: 'oversized', 'truncated' and 'malformed' (issue 20).
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_OVERSIZED_BYTES,
  DEFAULT_TRUNCATED_BYTES,
  MALFORMED_BODY,
  type RecordedRequest,
} from '../src/index.js'
import { getJson, postJson, startForFile } from './helpers.js'

const server = await startForFile()
const base = server.url
let project = 0
const newProject = () => `body-faults-test-${++project}`

afterEach(() => server.control.reset())

/** How the stand-in's answer to the project's only request went out. */
const streamed = (projectId: string): RecordedRequest['streamed'] =>
  server.control.requests(projectId)[0]?.streamed

describe("the 'oversized' fault", () => {
  it('streams a valid JSON object of sizeBytes with a Content-Length, or chunked with lengthHeader: false', async () => {
    for (const lengthHeader of [undefined, false]) {
      const mine = newProject()
      server.control.addFault(mine, {
        path: '/getWallets',
        fault: 'oversized',
        sizeBytes: 200_000,
        lengthHeader,
      })
      const response = await fetch(`${base}/getWallets?projectId=${mine}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-length')).toBe(lengthHeader === false ? null : '200000')
      expect(response.headers.get('transfer-encoding')).toBe(lengthHeader === false ? 'chunked' : null)
      const text = await response.text()
      expect(text).toHaveLength(200_000)
      expect(JSON.parse(text)).toMatchObject({ data: [], count: 0 })
      await vi.waitFor(() => expect(streamed(mine)).toEqual({ bytes: 200_000, state: 'sent' }))
    }
  })

  it('defaults to 50 MB, generated as the socket drains: a client that stops reading stops it far short', async () => {
    expect(DEFAULT_OVERSIZED_BYTES).toBe(50 * 1024 * 1024)
    const mine = newProject()
    // Over HTTP, as a test in another package adds it.
    await postJson(`${base}/__control/faults?projectId=${mine}`, {
      path: '/getWallets',
      fault: 'oversized',
      lengthHeader: false,
      times: 1,
    })
    const response = await fetch(`${base}/getWallets?projectId=${mine}`)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value).startsWith('{"data":[],"count":0,"padding":"xxx')).toBe(true)
    await reader.cancel()
    await vi.waitFor(() => expect(streamed(mine)?.state).toBe('closed'))
    expect(streamed(mine)?.bytes).toBeLessThan(DEFAULT_OVERSIZED_BYTES / 2)
    // Used up: the next request gets the real answer.
    expect((await getJson(`${base}/getWallets?projectId=${mine}`)).status).toBe(200)
  })
})

describe("the 'truncated' and 'malformed' faults", () => {
  it("'truncated' announces sizeBytes, sends half of it and drops the connection", async () => {
    const mine = newProject()
    server.control.addFault(mine, { path: '/getWallets', fault: 'truncated', times: 1 })
    const response = await fetch(`${base}/getWallets?projectId=${mine}`)
    expect(response.headers.get('content-length')).toBe(String(DEFAULT_TRUNCATED_BYTES))
    await expect(response.text()).rejects.toThrow()
    await vi.waitFor(() =>
      expect(streamed(mine)).toEqual({ bytes: DEFAULT_TRUNCATED_BYTES / 2, state: 'closed' }),
    )
    server.control.addFault(mine, { path: '/getWallets', fault: 'truncated', sizeBytes: 1000 })
    const second = await fetch(`${base}/getWallets?projectId=${mine}`)
    expect(second.headers.get('content-length')).toBe('1000')
    await expect(second.arrayBuffer()).rejects.toThrow()
  })

  it("'malformed' answers 200 (or the fault's status) with a body that is not JSON", async () => {
    const mine = newProject()
    server.control.addFault(mine, { path: '/appkit/v1/config', fault: 'malformed', times: 1 })
    const response = await fetch(`${base}/appkit/v1/config?projectId=${mine}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    const text = await response.text()
    expect(text).toBe(MALFORMED_BODY)
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    await vi.waitFor(() => expect(streamed(mine)?.state).toBe('sent'))
    expect((await getJson(`${base}/appkit/v1/config?projectId=${mine}`)).status).toBe(200)
    server.control.addFault(mine, { path: '/appkit/v1/config', fault: 'malformed', status: 502 })
    const failed = await fetch(`${base}/appkit/v1/config?projectId=${mine}`)
    expect([failed.status, await failed.text()]).toEqual([502, MALFORMED_BODY])
  })
})
