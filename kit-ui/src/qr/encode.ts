import { formatBits, versionBits } from './bch.js'
import { reedSolomonRemainder } from './gf256.js'
import { ALIGNMENT_CENTRES, dataCodewords, LEVEL_M_BLOCKS, MAX_VERSION } from './tables.js'

/** A QR symbol: `size`×`size` modules, `true` for dark, row by row. */
export interface QrMatrix {
  version: number
  mask: number
  size: number
  modules: boolean[][]
}

/** Byte mode: the text's UTF-8 bytes after a 4-bit mode indicator and the byte count. */
function dataBits(bytes: Uint8Array, version: number): number[] | undefined {
  const countBits = version < 10 ? 8 : 16
  const capacity = dataCodewords(version) * 8
  const bits: number[] = []
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  push(0b0100, 4)
  push(bytes.length, countBits)
  for (const byte of bytes) push(byte, 8)
  if (bits.length > capacity) return undefined
  push(0, Math.min(4, capacity - bits.length))
  push(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8)
  return bits
}

/** Data codewords split into blocks, each with its RS codewords, interleaved (§7.6). */
function interleave(codewords: number[], version: number): number[] {
  const layout = LEVEL_M_BLOCKS[version - 1] as (typeof LEVEL_M_BLOCKS)[number]
  const blocks: number[][] = []
  let offset = 0
  for (const [count, length] of layout.groups) {
    for (let b = 0; b < count; b++) {
      blocks.push(codewords.slice(offset, offset + length))
      offset += length
    }
  }
  const ec = blocks.map((block) => reedSolomonRemainder(block, layout.ecPerBlock))
  const out: number[] = []
  const longest = Math.max(...blocks.map((b) => b.length))
  for (let i = 0; i < longest; i++)
    for (const block of blocks) if (i < block.length) out.push(block[i] as number)
  for (let i = 0; i < layout.ecPerBlock; i++) for (const block of ec) out.push(block[i] as number)
  return out
}

/** The eight mask conditions (§7.8.2): true where the module is inverted. Row `r`, column `c`. */
const MASKS: readonly ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
]

interface Grid {
  size: number
  dark: boolean[][]
  reserved: boolean[][]
}

function set(grid: Grid, r: number, c: number, dark: boolean): void {
  ;(grid.dark[r] as boolean[])[c] = dark
  ;(grid.reserved[r] as boolean[])[c] = true
}

/** Finder patterns with their separators, timing, alignment patterns, the dark module, reserved info areas. */
function functionPatterns(version: number): Grid {
  const size = version * 4 + 17
  const rows = () => Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  const grid: Grid = { size, dark: rows(), reserved: rows() }
  for (const [top, left] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const r = top + dr
        const c = left + dc
        if (r < 0 || r >= size || c < 0 || c >= size) continue
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3))
        set(grid, r, c, ring !== 2 && ring !== 4)
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(grid, 6, i, i % 2 === 0)
    set(grid, i, 6, i % 2 === 0)
  }
  const centres = ALIGNMENT_CENTRES[version - 1] ?? []
  const last = centres.length - 1
  centres.forEach((row, i) => {
    centres.forEach((col, j) => {
      // The three corners with finder patterns have no alignment pattern.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++)
          set(grid, row + dr, col + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1)
      }
    })
  })
  placeFormat(grid, 0)
  set(grid, size - 8, 8, true)
  if (version >= 7) {
    const bits = versionBits(version)
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(grid, b, a, dark)
      set(grid, a, b, dark)
    }
  }
  return grid
}

/** The 15 format bits, twice (§7.9.1): bit 14 first, around the top-left finder and split over the others. */
function placeFormat(grid: Grid, mask: number): void {
  const bits = formatBits(mask)
  const size = grid.size
  for (let i = 0; i < 15; i++) {
    const dark = ((bits >> i) & 1) === 1
    // Copy 1: column 8 going up from row 0 (bits 0–7, skipping the timing row), then row 8 going left.
    if (i < 6) set(grid, i, 8, dark)
    else if (i < 8) set(grid, i + 1, 8, dark)
    else if (i === 8) set(grid, 8, 7, dark)
    else set(grid, 8, 14 - i, dark)
    // Copy 2: row 8 from the right edge (bits 0–7), then column 8 up to the bottom edge (bits 8–14).
    if (i < 8) set(grid, 8, size - 1 - i, dark)
    else set(grid, size - 15 + i, 8, dark)
  }
}

/** The codewords' bits in the two-column zigzag from the bottom right (§7.7.3), skipping function modules. */
function placeData(grid: Grid, codewords: number[]): void {
  const { size } = grid
  let bit = 0
  const total = codewords.length * 8
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    const upward = ((right + 1) & 2) === 0
    for (let v = 0; v < size; v++) {
      const r = upward ? size - 1 - v : v
      for (let j = 0; j < 2; j++) {
        const c = right - j
        if ((grid.reserved[r] as boolean[])[c]) continue
        if (bit < total) {
          ;(grid.dark[r] as boolean[])[c] = (((codewords[bit >> 3] as number) >> (7 - (bit & 7))) & 1) === 1
          bit++
        }
      }
    }
  }
}

function withMask(grid: Grid, mask: number): boolean[][] {
  const condition = MASKS[mask] as (r: number, c: number) => boolean
  const copy: Grid = { size: grid.size, dark: grid.dark.map((row) => [...row]), reserved: grid.reserved }
  placeFormat(copy, mask)
  return copy.dark.map((row, r) =>
    row.map((dark, c) => ((grid.reserved[r] as boolean[])[c] ? dark : dark !== condition(r, c))),
  )
}

/** The four penalty rules of §7.8.3 (N1 = 3, N2 = 3, N3 = 40, N4 = 10). */
export function penalty(modules: boolean[][]): number {
  const size = modules.length
  const at = (r: number, c: number) => (modules[r] as boolean[])[c] as boolean
  let score = 0
  const lines: boolean[][] = []
  for (let i = 0; i < size; i++) {
    lines.push(modules[i] as boolean[])
    lines.push(modules.map((row) => row[i] as boolean))
  }
  const finderLike = [
    [true, false, true, true, true, false, true, false, false, false, false],
    [false, false, false, false, true, false, true, true, true, false, true],
  ]
  for (const line of lines) {
    let run = 1
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) run++
      else {
        if (run >= 5) score += 3 + (run - 5)
        run = 1
      }
    }
    for (let i = 0; i + 11 <= size; i++) {
      for (const pattern of finderLike) if (pattern.every((dark, k) => line[i + k] === dark)) score += 40
    }
  }
  for (let r = 0; r + 1 < size; r++) {
    for (let c = 0; c + 1 < size; c++) {
      const v = at(r, c)
      if (at(r, c + 1) === v && at(r + 1, c) === v && at(r + 1, c + 1) === v) score += 3
    }
  }
  const dark = modules.reduce((sum, row) => sum + row.filter(Boolean).length, 0)
  score += Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5) * 10
  return score
}

/**
 * Encodes `text` (UTF-8, byte mode) at error-correction level M in the smallest version 1–20 that holds it,
 * with the mask of lowest penalty (or `options.mask`).
 * @throws RangeError when the text needs more than version 10 holds (213 bytes).
 */
export function encodeQr(text: string, options: { mask?: number } = {}): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  for (let version = 1; version <= MAX_VERSION; version++) {
    const bits = dataBits(bytes, version)
    if (!bits) continue
    const codewords: number[] = []
    for (let i = 0; i < bits.length; i += 8)
      codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
    const grid = functionPatterns(version)
    placeData(grid, interleave(codewords, version))
    const candidates = options.mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [options.mask]
    let best: QrMatrix | undefined
    let bestScore = Number.POSITIVE_INFINITY
    for (const mask of candidates) {
      const modules = withMask(grid, mask)
      const score = penalty(modules)
      if (score < bestScore) {
        best = { version, mask, size: grid.size, modules }
        bestScore = score
      }
    }
    return best as QrMatrix
  }
  throw new RangeError(`Too long for a QR code up to version ${MAX_VERSION}: ${bytes.length} bytes`)
}

/** The data codewords with their RS codewords, interleaved, as the symbol carries them (for tests). */
export function codewordsOf(text: string, version: number): number[] {
  const bits = dataBits(new TextEncoder().encode(text), version)
  if (!bits) throw new RangeError(`Does not fit version ${version}`)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  return interleave(codewords, version)
}
