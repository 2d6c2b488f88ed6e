// Where React 18 lives in this workspace. The root holds React 19 (kit-react's and the lab's); this package
// depends on React 18 so that npm installs it apart, under tools/react18/node_modules, with react-dom 18
// resolving its peer `react` there. Test runs point `react` and `react-dom` at these folders (a vite alias for
// code run in Node, an esbuild alias for bundled pages).
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

/** The React majors kit-react is tested under. */
export type ReactMajor = '18' | '19'

const here = createRequire(import.meta.url)

/** The installed folder of `name` as this package resolves it (React 18's). */
function folderOf(name: 'react' | 'react-dom'): string {
  return dirname(here.resolve(`${name}/package.json`))
}

/** The folders of React 18's `react` and `react-dom`. @throws Error when either is not an 18 (not installed apart). */
export function react18Folders(): { react: string; 'react-dom': string } {
  const folders = { react: folderOf('react'), 'react-dom': folderOf('react-dom') }
  for (const [name, folder] of Object.entries(folders)) {
    const { version } = here(`${folder}/package.json`) as { version: string }
    if (!version.startsWith('18.')) throw new Error(`Expected ${name} 18 in ${folder}, found ${version}.`)
  }
  return folders
}

/**
 * The aliases that make `react` and `react-dom` (and their subpaths, such as `react/jsx-runtime` and
 * `react-dom/server`) resolve to React `major`: none for 19, the workspace's own; React 18's folders for 18.
 * @throws Error when React 18 is not installed where expected.
 */
export function reactAliases(major: ReactMajor): Record<string, string> {
  return major === '19' ? {} : react18Folders()
}

/** The React major of this test run: `LATCHKEY_REACT` (set by the vitest project), 19 by default. */
export function reactUnderTest(): ReactMajor {
  const value = process.env.LATCHKEY_REACT ?? '19'
  if (value !== '18' && value !== '19') throw new Error(`LATCHKEY_REACT must be 18 or 19, not '${value}'.`)
  return value
}
