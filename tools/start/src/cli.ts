#!/usr/bin/env node
// `npm start`: the local stack and, on top of it, the lab, until Ctrl-C / SIGTERM.
import { LAB_PAGES, labPortFromEnv, startLab } from '@latchkey/lab'
import { runStack } from '@latchkey/stack'

runStack({
  name: 'latchkey-start',
  async extras(info) {
    const lab = await startLab({ port: labPortFromEnv(), config: info })
    const pages = Object.keys(LAB_PAGES).map((page) => `  ${lab.url}/${page}`)
    return {
      lines: [
        '',
        'The lab (the test wallets are injected; their settings panel is on every page)',
        `  ${lab.url}/`,
        ...pages,
      ],
      stop: () => lab.stop(),
    }
  },
}).catch((error: unknown) => {
  console.error('latchkey-start: failed to start:', error)
  process.exit(1)
})
