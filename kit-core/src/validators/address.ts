// The EVM address checks of the root entry, as functions of their own over `evm-address.ts`, which the send chunk
// imports directly. A bundler splitting the page's code follows the root's re-exports into every file they name that
// holds code in use; these wrappers are not in use on a page that does not call them, so keccak (in `evm-address.ts`)
// stays in the chunks that check addresses instead of joining the page's first chunk.
import * as EvmAddress from './evm-address.js'

export type { IsAddressOptions } from './evm-address.js'

/**
 * The EIP-55 mixed-case checksum form of an EVM address.
 * @throws TypeError when `address` is not 0x plus 40 hex characters.
 */
export function toChecksumAddress(address: string): `0x${string}` {
  return EvmAddress.toChecksumAddress(address)
}

/**
 * True for an EVM address: 0x plus 40 hex characters; when `strict` (the default), a mixed-case address
 * must also match its EIP-55 checksum (SPEC §5). All-lowercase and all-uppercase addresses carry no
 * checksum and pass.
 */
export function isAddress(value: unknown, options: EvmAddress.IsAddressOptions = {}): value is `0x${string}` {
  return EvmAddress.isAddress(value, options)
}
