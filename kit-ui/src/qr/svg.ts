import type { QrMatrix } from './encode.js'

/**
 * One SVG path drawing the dark modules of `matrix` (a unit square per module, runs of a row merged), with a
 * quiet zone of `quiet` modules on each side (the spec asks for 4). The host sets the size and colours.
 */
export function qrPath(matrix: QrMatrix, quiet = 4): { d: string; viewBox: string } {
  const parts: string[] = []
  matrix.modules.forEach((row, r) => {
    let start = -1
    for (let c = 0; c <= row.length; c++) {
      const dark = c < row.length && row[c] === true
      if (dark && start < 0) start = c
      if (!dark && start >= 0) {
        parts.push(`M${start + quiet} ${r + quiet}h${c - start}v1h${start - c}z`)
        start = -1
      }
    }
  })
  const side = matrix.size + quiet * 2
  return { d: parts.join(''), viewBox: `0 0 ${side} ${side}` }
}
