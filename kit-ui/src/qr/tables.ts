// The parts of ISO/IEC 18004's tables this encoder uses: error-correction level M, versions 1–20.

/** Level M's block structure of one version: EC codewords per block and the groups (blocks × data codewords). */
export interface BlockLayout {
  ecPerBlock: number
  groups: readonly (readonly [blocks: number, dataPerBlock: number])[]
}

/** Versions 1–20 at level M (ISO/IEC 18004 Table 9). */
export const LEVEL_M_BLOCKS: readonly BlockLayout[] = [
  { ecPerBlock: 10, groups: [[1, 16]] },
  { ecPerBlock: 16, groups: [[1, 28]] },
  { ecPerBlock: 26, groups: [[1, 44]] },
  { ecPerBlock: 18, groups: [[2, 32]] },
  { ecPerBlock: 24, groups: [[2, 43]] },
  { ecPerBlock: 16, groups: [[4, 27]] },
  { ecPerBlock: 18, groups: [[4, 31]] },
  {
    ecPerBlock: 22,
    groups: [
      [2, 38],
      [2, 39],
    ],
  },
  {
    ecPerBlock: 22,
    groups: [
      [3, 36],
      [2, 37],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [4, 43],
      [1, 44],
    ],
  },
  {
    ecPerBlock: 30,
    groups: [
      [1, 50],
      [4, 51],
    ],
  },
  {
    ecPerBlock: 22,
    groups: [
      [6, 36],
      [2, 37],
    ],
  },
  {
    ecPerBlock: 22,
    groups: [
      [8, 37],
      [1, 38],
    ],
  },
  {
    ecPerBlock: 24,
    groups: [
      [4, 40],
      [5, 41],
    ],
  },
  {
    ecPerBlock: 24,
    groups: [
      [5, 41],
      [5, 42],
    ],
  },
  {
    ecPerBlock: 28,
    groups: [
      [7, 45],
      [3, 46],
    ],
  },
  {
    ecPerBlock: 28,
    groups: [
      [10, 46],
      [1, 47],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [9, 43],
      [4, 44],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [3, 44],
      [11, 45],
    ],
  },
  {
    ecPerBlock: 26,
    groups: [
      [3, 41],
      [13, 42],
    ],
  },
]

/** Centre rows/columns of the alignment patterns, versions 1–20 (ISO/IEC 18004 Annex E). */
export const ALIGNMENT_CENTRES: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
  [6, 26, 46, 66],
  [6, 26, 48, 70],
  [6, 26, 50, 74],
  [6, 30, 54, 78],
  [6, 30, 56, 82],
  [6, 30, 58, 86],
  [6, 34, 62, 90],
]

export const MAX_VERSION = LEVEL_M_BLOCKS.length

/** Data codewords of a version at level M. */
export function dataCodewords(version: number): number {
  const layout = LEVEL_M_BLOCKS[version - 1]
  if (!layout) throw new RangeError(`QR version ${version} is not supported`)
  return layout.groups.reduce((sum, [blocks, data]) => sum + blocks * data, 0)
}
