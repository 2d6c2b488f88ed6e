import { isAddress, LatchkeyError } from '@latchkey/core'

/** An address argument, checked. @throws LatchkeyError INVALID_PARAMS naming what is wrong. */
export function addressParam(value: unknown, what: string): `0x${string}` {
  if (!isAddress(value)) {
    throw new LatchkeyError(`Invalid ${what}: not an EVM address`, {
      code: 'INVALID_PARAMS',
      details: `Got: ${String(value).slice(0, 80)}`,
    })
  }
  return value
}
