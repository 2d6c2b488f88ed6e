import { execFile } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { childNpmEnv, type PackedPackage } from './offline-install.js'

const run = promisify(execFile)

/**
 * `npm pack` of the built workspace packages in `workspaces` (folders relative to the root) into `destination`,
 * in one npm run: the tarballs as npm would publish them (the `files` of each package.json, no script run).
 * @throws Error when npm fails or does not report one tarball per workspace.
 */
export async function packWorkspaces(input: {
  workspaceRoot: string
  workspaces: readonly string[]
  destination: string
}): Promise<PackedPackage[]> {
  await mkdir(input.destination, { recursive: true })
  const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', input.destination]
  for (const workspace of input.workspaces) args.push('--workspace', workspace)
  const { stdout } = await run('npm', args, {
    cwd: input.workspaceRoot,
    env: childNpmEnv(),
    maxBuffer: 64 * 1024 * 1024,
  })
  const reports = JSON.parse(stdout) as {
    name: string
    version: string
    filename: string
    integrity: string
  }[]
  if (reports.length !== input.workspaces.length)
    throw new Error(`npm pack reported ${reports.length} tarballs for ${input.workspaces.length} workspaces`)
  const byName = new Map(reports.map((report) => [report.name, report]))
  return Promise.all(
    input.workspaces.map(async (workspace) => {
      const manifest = join(input.workspaceRoot, workspace, 'package.json')
      const { name } = JSON.parse(await readFile(manifest, 'utf8')) as { name: string }
      const report = byName.get(name)
      if (!report) throw new Error(`npm pack reported no tarball for ${name} (${workspace})`)
      return {
        name,
        version: report.version,
        file: join(input.destination, report.filename),
        integrity: report.integrity,
        workspace,
      }
    }),
  )
}
