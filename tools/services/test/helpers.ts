import { afterAll } from 'vitest'
import { type ServicesServer, type StartServicesOptions, startServicesServer } from '../src/index.js'

/** Starts a services server on an ephemeral port for this test file; stopped after the file. */
export async function startForFile(options: StartServicesOptions = {}): Promise<ServicesServer> {
  const server = await startServicesServer({ port: 0, ...options })
  afterAll(() => server.stop())
  return server
}

/** GETs JSON from the server: status and parsed body. */
export async function getJson<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url)
  return { status: response.status, body: (await response.json()) as T }
}

/** POSTs JSON to the server: status and parsed body. */
export async function postJson<T = unknown>(
  url: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
}
