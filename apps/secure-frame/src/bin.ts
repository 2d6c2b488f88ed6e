#!/usr/bin/env node
// latchkey-secure-frame --config ./frame.config.json: the secure frame's server alone, until SIGINT or SIGTERM.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { LocalServiceError, portFromEnv } from '@latchkey/local-ports'
import { DEFAULT_FRAME_PORT, FRAME_PORT_ENV, startSecureFrame } from './server.js'

const say = (line: string) => process.stdout.write(`${line}\n`)
const USAGE = 'usage: latchkey-secure-frame --config <file.json>'

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { config: { type: 'string' }, help: { type: 'boolean' } } })
  if (values.help) {
    say(USAGE)
    return
  }
  if (!values.config) throw new LocalServiceError(`--config is required (${USAGE})`)
  let file: Record<string, unknown>
  try {
    file = JSON.parse(readFileSync(values.config, 'utf8')) as Record<string, unknown>
  } catch (error) {
    throw new LocalServiceError(`${values.config}: ${error instanceof Error ? error.message : 'unreadable'}`)
  }
  const port =
    typeof file.port === 'number'
      ? file.port
      : (portFromEnv(process.env, FRAME_PORT_ENV) ?? DEFAULT_FRAME_PORT)
  const server = await startSecureFrame({
    ...(file as object),
    port,
    ...(typeof file.host === 'string' ? { host: file.host } : {}),
  } as Parameters<typeof startSecureFrame>[0])
  say(`latchkey-secure-frame: listening on ${server.url} (the frame: ${server.origin}/frame.html)`)
  const stop = (signal: string) => {
    say(`latchkey-secure-frame: ${signal}, stopping`)
    server.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(`latchkey-secure-frame: ${error instanceof Error ? error.message : 'failed to start'}`)
  process.exit(1)
})
