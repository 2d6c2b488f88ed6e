// Every pending changeset must be one the changesets CLI can read: YAML frontmatter naming published workspace
// packages with a bump, then a summary. (A Markdown formatter once turned the frontmatter into a heading, which
// the CLI reads as a changeset releasing nothing.)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { findWorkspaceRoot, listPublishedPackages } from '../src/workspace.js'

const root = findWorkspaceRoot()
const dir = join(root, '.changeset')
const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')
const published = new Set(listPublishedPackages(root).map((pkg) => pkg.name))

describe('pending changesets', () => {
  test.each(files)('%s has frontmatter releasing published packages, and a summary', (name) => {
    const text = readFileSync(join(dir, name), 'utf8')
    const match = /^---\n((?:"[^"\n]+": (?:major|minor|patch)\n)+)---\n\n(\S[\s\S]*)$/.exec(text)
    expect(match, `${name} does not start with changeset frontmatter`).not.toBeNull()
    const releases = [...(match?.[1] ?? '').matchAll(/"([^"]+)": (major|minor|patch)/g)].map((m) => m[1])
    for (const pkg of releases) expect(published, `${pkg} is not a published package`).toContain(pkg)
  })
})
