import { createRequire } from 'node:module'
import { afterEach, describe, expect, it } from 'vitest'
import { react18Folders, reactAliases, reactUnderTest } from '../src/index.js'

const load = createRequire(import.meta.url)
// What the rest of the workspace resolves: the root's React.
const fromRoot = createRequire(new URL('../../../package.json', import.meta.url))

describe('reactAliases', () => {
  it('points react and react-dom at React 18, apart from the workspace React 19', () => {
    const aliases = react18Folders()
    expect(reactAliases('18')).toEqual(aliases)
    expect(Object.keys(aliases).sort()).toEqual(['react', 'react-dom'])
    expect(load(`${aliases.react}/package.json`).version).toMatch(/^18\./)
    expect(load(`${aliases['react-dom']}/package.json`).version).toMatch(/^18\./)
    expect(fromRoot('react/package.json').version).toMatch(/^19\./)
  })

  it('has react-dom 18 render with React 18 (the peer resolves beside it)', () => {
    const aliases = react18Folders()
    const React = load(aliases.react) as typeof import('react')
    const { renderToString } = load(`${aliases['react-dom']}/server`) as typeof import('react-dom/server')
    expect(React.version).toMatch(/^18\./)
    expect(renderToString(React.createElement('b', null, 'eighteen'))).toBe('<b>eighteen</b>')
  })

  it('adds nothing for React 19', () => {
    expect(reactAliases('19')).toEqual({})
  })
})

describe('reactUnderTest', () => {
  const before = process.env.LATCHKEY_REACT
  afterEach(() => {
    if (before === undefined) delete process.env.LATCHKEY_REACT
    else process.env.LATCHKEY_REACT = before
  })

  it('reads LATCHKEY_REACT, 19 by default, and refuses anything else', () => {
    delete process.env.LATCHKEY_REACT
    expect(reactUnderTest()).toBe('19')
    process.env.LATCHKEY_REACT = '18'
    expect(reactUnderTest()).toBe('18')
    process.env.LATCHKEY_REACT = '17'
    expect(() => reactUnderTest()).toThrow("LATCHKEY_REACT must be 18 or 19, not '17'.")
  })
})
