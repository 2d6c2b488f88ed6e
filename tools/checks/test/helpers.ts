import { fileURLToPath } from 'node:url'

/** Absolute path of a fixture under test/fixtures. */
export const fixture = (path: string): string => fileURLToPath(new URL(`./fixtures/${path}`, import.meta.url))
