#!/usr/bin/env node
// latchkey-auth --config ./auth.config.json: the auth service alone, until SIGINT or SIGTERM.
// latchkey-auth --generate-kek: prints a fresh key-encryption key (32 bytes, base64).
import { parseArgs } from 'node:util'
import { LocalServiceError } from '@latchkey/local-ports'
import { loadConfig } from './config.js'
import { generateKek } from './secrets.js'
import { startAuthServer } from './server.js'

const say = (line: string) => process.stdout.write(`${line}\n`)

const USAGE = 'usage: latchkey-auth --config <file.json> | --generate-kek'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { config: { type: 'string' }, 'generate-kek': { type: 'boolean' }, help: { type: 'boolean' } },
  })
  if (values.help) {
    say(USAGE)
    return
  }
  if (values['generate-kek']) {
    say(generateKek())
    return
  }
  if (!values.config) throw new LocalServiceError(`--config is required (${USAGE})`)
  const server = await startAuthServer(loadConfig(values.config))
  say(
    `latchkey-auth: listening on ${server.url} (database: ${server.database.kind}, frame origin ${server.frameOrigin})`,
  )
  const stop = (signal: string) => {
    say(`latchkey-auth: ${signal}, stopping`)
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('latchkey-auth: error while stopping:', error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof LocalServiceError) console.error(`latchkey-auth: ${error.message}`)
  else console.error('latchkey-auth: failed to start:', error)
  process.exit(1)
})
