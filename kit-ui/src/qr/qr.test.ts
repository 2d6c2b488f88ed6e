import jsqrModule from 'jsqr'
import { describe, expect, it } from 'vitest'
import { formatBits, versionBits } from './bch.js'
import { codewordsOf, encodeQr, penalty } from './encode.js'
import { generatorPolynomial, gfLog, gfMultiply, reedSolomonRemainder } from './gf256.js'
import { qrPath } from './svg.js'

const bits = (value: number, width: number) => value.toString(2).padStart(width, '0')

// jsQR is CommonJS with ES-style types: at run time its function is the module itself or its `default`.
type ReadQr = typeof jsqrModule.default
const jsQR: ReadQr =
  (jsqrModule as unknown as { default?: ReadQr }).default ?? (jsqrModule as unknown as ReadQr)

describe('QR encoder: the parts the specification tables pin', () => {
  it('format information for level M and each mask is the table of ISO/IEC 18004 Annex C (Table C.1)', () => {
    // As listed for error-correction level M in thonky.com's "Format and Version String Tables"
    // (https://www.thonky.com/qr-code-tutorial/format-version-tables), which reproduces the spec's table.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((mask) => bits(formatBits(mask), 15))).toEqual([
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ])
  })

  it('version information of versions 7–10 (ISO/IEC 18004 Annex D, Table D.1)', () => {
    expect([7, 8, 9, 10].map((v) => bits(versionBits(v), 18))).toEqual([
      '000111110010010100',
      '001000010110111100',
      '001001101010011001',
      '001010010011010011',
    ])
  })

  it('the Reed–Solomon generator polynomials for 10 and 16 codewords, in α exponents (ISO/IEC 18004 Annex A)', () => {
    const exponents = (degree: number) => generatorPolynomial(degree).map(gfLog)
    expect(exponents(10)).toEqual([0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    expect(exponents(16)).toEqual([
      0, 120, 104, 107, 109, 102, 161, 76, 3, 91, 191, 147, 169, 182, 194, 225, 120,
    ])
  })

  it('GF(256) reduces by x^8+x^4+x^3+x^2+1: α^8 = 29, and 2·128 wraps', () => {
    expect(gfMultiply(2, 128)).toBe(29)
    expect(gfMultiply(0, 77)).toBe(0)
    expect(gfLog(29)).toBe(8)
  })

  it('the error-correction codewords of the worked 1-M example ("HELLO WORLD" data codewords)', () => {
    // thonky.com's QR tutorial, "Error Correction Coding", 1-M: these 16 data codewords give these 10 EC codewords.
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    expect(reedSolomonRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it('byte mode: mode 0100, an 8-bit count, the bytes, terminator and 0xEC/0x11 padding (version 1)', () => {
    const words = codewordsOf('ab', 1)
    // 0100 | 00000010 | 01100001 | 01100010 | 0000 -> 0x40 0x26 0x16 0x20, then padding.
    expect(words.slice(0, 16)).toEqual([
      0x40,
      0x26,
      0x16,
      0x20,
      ...Array.from({ length: 12 }, (_, i) => (i % 2 ? 0x11 : 0xec)),
    ])
    expect(words).toHaveLength(26)
  })

  it('the full module matrix of "latchkey" (version 1-M, mask 3) against a reference', () => {
    // Reference: the Python `qrcode` 8.2 package (an implementation independent of this one) run offline with
    // byte mode, level M, mask_pattern=3, border=0. Hand-checked: the three finders with separators, the timing
    // row 6 / column 6 alternating from dark, the dark module at (13, 8), and row 8's format bits
    // 101101 (bits 14–9) · 1 (bit 8, column 7) equal to Table C.1's entry for M, mask 3 (101101101001011).
    const reference = [
      '#######.##..#.#######',
      '#.....#.####..#.....#',
      '#.###.#....#..#.###.#',
      '#.###.#.##.#..#.###.#',
      '#.###.#..#....#.###.#',
      '#.....#...#...#.....#',
      '#######.#.#.#.#######',
      '........#............',
      '#.##.###.##...#..#.##',
      '...#....##..#.#.#.#.#',
      '.#..#.##.#..####...##',
      '..#....##...##.###.#.',
      '.#.####.####.....#.##',
      '........###..#..#....',
      '#######.##...####....',
      '#.....#.#######.###..',
      '#.###.#....#..#.###..',
      '#.###.#.##...#.....#.',
      '#.###.#.##.#.#...#...',
      '#.....#....##.#.....#',
      '#######.#.###.....#..',
    ]
    const matrix = encodeQr('latchkey', { mask: 3 })
    expect(matrix.version).toBe(1)
    expect(matrix.modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''))).toEqual(reference)
  })

  it('chooses the smallest version and the mask of lowest penalty', () => {
    const address = '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199'
    const matrix = encodeQr(address)
    expect(matrix.version).toBe(3) // 42 bytes + 12 bits of header fit 3-M's 44 data codewords, not 2-M's 28
    expect(matrix.size).toBe(29)
    const scores = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => penalty(encodeQr(address, { mask }).modules))
    expect(scores[matrix.mask]).toBe(Math.min(...scores))
    expect(encodeQr('x'.repeat(213)).version).toBe(10)
    expect(encodeQr('x'.repeat(214)).version).toBe(11)
    // 20-M holds 669 data codewords: 4 bits of mode and 16 of count leave room for 666 bytes.
    expect(encodeQr('x'.repeat(666)).version).toBe(20)
    expect(() => encodeQr('x'.repeat(667))).toThrow(RangeError)
  })

  it('a reader decodes what it draws, at every version: a WalletConnect URI and texts up to 20-M', () => {
    // The matrix drawn 4 pixels a module with a 4-module quiet zone, as an RGBA image, read by jsQR.
    const read = (text: string) => {
      const matrix = encodeQr(text)
      const scale = 4
      const side = (matrix.size + 8) * scale
      const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
      for (const [r, row] of matrix.modules.entries()) {
        for (const [c, dark] of row.entries()) {
          if (!dark) continue
          for (let y = 0; y < scale; y++)
            for (let x = 0; x < scale; x++) {
              const at = (((r + 4) * scale + y) * side + (c + 4) * scale + x) * 4
              pixels.fill(0, at, at + 3)
            }
        }
      }
      return { version: matrix.version, text: jsQR(pixels, side, side)?.data }
    }
    const uri =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=' +
      '587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1795460334' +
      '&methods=wc_sessionAuthenticate'
    expect(read(uri)).toEqual({ version: 11, text: uri })
    const versions = new Set<number>()
    for (const length of [
      1, 20, 40, 70, 100, 120, 150, 170, 200, 240, 280, 320, 360, 400, 440, 500, 550, 620, 666,
    ]) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7) % 90))).join('')
      const { version, text: decoded } = read(text)
      versions.add(version)
      expect(decoded, `${length} bytes at version ${version}`).toBe(text)
    }
    // Each of the versions this change added (11–20) was drawn and read at least once.
    expect([11, 12, 13, 14, 15, 16, 17, 18, 19, 20].filter((version) => !versions.has(version))).toEqual([])
  })

  it('penalty: a uniform 5-module run scores 3 and a 2×2 block 3 (rules 1 and 2)', () => {
    // All light, 6×6: rule 1 gives 12 lines × (3 + 1); rule 2 gives 25 blocks × 3; rule 4 gives 10 × 10.
    const light = Array.from({ length: 6 }, () => new Array<boolean>(6).fill(false))
    expect(penalty(light)).toBe(12 * 4 + 25 * 3 + 100)
  })

  it('the SVG path has one rectangle per run of dark modules, inside a 4-module quiet zone', () => {
    const matrix = encodeQr('latchkey', { mask: 3 })
    const { d, viewBox } = qrPath(matrix)
    expect(viewBox).toBe('0 0 29 29')
    expect(d.startsWith('M4 4h7v1h-7z')).toBe(true) // row 0: the top-left finder's 7 dark modules
    const runs = matrix.modules.reduce((n, row) => n + row.filter((dark, c) => dark && !row[c - 1]).length, 0)
    expect(d.split('z').length - 1).toBe(runs)
  })
})
