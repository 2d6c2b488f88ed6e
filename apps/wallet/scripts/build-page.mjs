// `npm run build`: after tsc, bundle the page into dist/site (a development build with a source map).
import { buildWalletSim } from '../dist/index.js'

const { outDir } = await buildWalletSim()
process.stdout.write(`wallet simulator page built in ${outDir}\n`)
