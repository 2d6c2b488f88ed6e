// `npm run build`: after tsc, bundle the pages into dist/site (a dev build: the test wallet is injected).
import { buildLab } from '../dist/index.js'

const { outDir } = await buildLab()
process.stdout.write(`lab pages built in ${outDir}\n`)
