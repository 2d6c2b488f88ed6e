// BCH-protected format and version information (ISO/IEC 18004 §7.9, §7.10).

/** The remainder of `value` (shifted left by the generator's degree) divided by `generator` over GF(2). */
function bchRemainder(value: number, generator: number): number {
  const degree = Math.floor(Math.log2(generator))
  let remainder = value << degree
  for (let bit = Math.floor(Math.log2(remainder || 1)); bit >= degree; bit--) {
    if ((remainder >> bit) & 1) remainder ^= generator << (bit - degree)
  }
  return remainder
}

/** Error-correction level M's two format bits. */
const LEVEL_M_BITS = 0b00

/**
 * The 15 format bits of level M with mask `mask` (0–7): the 5 data bits, their BCH(15,5) code (generator
 * 0x537), XORed with 0x5412 so no format is all zeros.
 */
export function formatBits(mask: number): number {
  const data = (LEVEL_M_BITS << 3) | mask
  return ((data << 10) | bchRemainder(data, 0x537)) ^ 0x5412
}

/** The 18 version bits (versions 7 and up): the version and its BCH(18,6) code (generator 0x1f25). */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version, 0x1f25)
}
