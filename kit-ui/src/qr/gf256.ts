// Arithmetic in GF(256) with the QR code's primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d), and
// Reed–Solomon error-correction codewords (ISO/IEC 18004 §7.5.2). No lookup tables: a symbol holds at most a
// few hundred codewords, so carry-less multiplication is fast enough and keeps the module free of state.

const PRIMITIVE = 0x11d

/** The product of two field elements (carry-less multiplication reduced by the primitive polynomial). */
export function gfMultiply(a: number, b: number): number {
  let product = 0
  let x = a
  for (let y = b; y > 0; y >>= 1) {
    if (y & 1) product ^= x
    x <<= 1
    if (x & 0x100) x ^= PRIMITIVE
  }
  return product
}

/** log_α of a non-zero element. @throws RangeError for 0. */
export function gfLog(a: number): number {
  let value = 1
  for (let i = 0; i < 255; i++) {
    if (value === a) return i
    value = gfMultiply(value, 2)
  }
  throw new RangeError(`log of ${a} in GF(256)`)
}

/**
 * The generator polynomial (x − α^0)(x − α^1)…(x − α^(degree−1)), coefficients from the highest power down
 * (the leading 1 included), computed rather than tabled.
 */
export function generatorPolynomial(degree: number): number[] {
  let poly = [1]
  let root = 1
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0)
    for (let j = 0; j < poly.length; j++) {
      const c = poly[j] as number
      next[j] = (next[j] as number) ^ c
      next[j + 1] = (next[j + 1] as number) ^ gfMultiply(c, root)
    }
    poly = next
    root = gfMultiply(root, 2)
  }
  return poly
}

/** The `degree` error-correction codewords of `data`: the remainder of data·x^degree divided by the generator. */
export function reedSolomonRemainder(data: readonly number[], degree: number): number[] {
  const generator = generatorPolynomial(degree)
  const remainder = new Array<number>(degree).fill(0)
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() as number)
    remainder.push(0)
    for (let i = 0; i < degree; i++) {
      remainder[i] = (remainder[i] as number) ^ gfMultiply(generator[i + 1] as number, factor)
    }
  }
  return remainder
}
