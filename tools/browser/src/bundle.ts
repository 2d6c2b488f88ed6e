import { build } from 'esbuild'

/** A module for a test page: a file to bundle, or module text resolved from a folder. */
export type BrowserEntry = string | { contents: string; resolveDir: string }

/**
 * Bundles `entry` and what it imports into one ES module for a test page (browser platform, es2022, unminified):
 * pages serve workspace source that way, as the packages' own builds would ship it.
 */
export async function bundleForBrowser(entry: BrowserEntry): Promise<string> {
  const input =
    typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { ...entry, loader: 'ts' as const } }
  const result = await build({
    ...input,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}
