import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { build, type Rolldown } from 'vite'

/** What one Vite build of an app produced. */
export interface BuiltApp {
  /** The folder of the built files (`index.html`, `assets/`). */
  outDir: string
  /** Every module the bundle holds, as Vite named it. */
  moduleIds: string[]
}

/** Ids of modules Vite makes up: its runtime helpers (`\0…`) and its stand-in for a missing optional peer. */
const VIRTUAL = /^(\0|__vite-optional-peer-dep:)/

/**
 * Builds the app in `dir` with the workspace's Vite (its JS API, no config file): `files` (paths relative to
 * `from`) copied in at the same relative paths, the first (a .ts or .tsx file) as the page's module, with an
 * `index.html` around it. Every module is resolved from `dir` and its node_modules, as in the host's own build.
 * @throws Error when the bundle holds a file from outside `dir` (something resolved from elsewhere).
 */
export async function buildApp(
  dir: string,
  sources: { from: string; files: readonly [string, ...string[]] },
): Promise<BuiltApp> {
  for (const file of sources.files) {
    await mkdir(dirname(join(dir, file)), { recursive: true })
    await copyFile(join(sources.from, file), join(dir, file))
  }
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Latchkey app</title>' +
      `<body><div id="app"></div><script type="module" src="/${sources.files[0]}"></script></body></html>\n`,
  )
  const result = await build({
    root: dir,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    build: { outDir: 'dist', emptyOutDir: true, reportCompressedSize: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const moduleIds = [
    ...new Set(
      outputs.flatMap((out) => out.output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []))),
    ),
  ].sort()
  const outside = moduleIds.filter((id) => !VIRTUAL.test(id) && !id.startsWith(`${dir}/`))
  if (outside.length > 0) throw new Error(`the build of ${dir} read files outside it:\n${outside.join('\n')}`)
  return { outDir: join(dir, 'dist'), moduleIds }
}
