// The name, symbol and decimals of an ERC-20 contract the configuration does not name, asked of the chain once per
// indexed chain (`name()`, `symbol()`, `decimals()` by eth_call) and kept in the tokens table.
import type { Database } from '@latchkey/service-db'
import { EvmRpcError, evmRpc } from './evm-rpc.js'
import type { TokenRow } from './index-block.js'

const NAME = '0x06fdde03'
const SYMBOL = '0x95d89b41'
const DECIMALS = '0x313ce567'
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed from the chain's text
const CONTROL = /[\u0000-\u001f\u007f]/g

/** An ABI-encoded `string` (or a `bytes32` one, as some old tokens answer), at most 64 characters; else null. */
function decodeAbiString(result: unknown): string | null {
  if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(result)) return null
  const bytes = Buffer.from(result.slice(2), 'hex')
  let text: Buffer
  if (bytes.length === 32) {
    const end = bytes.indexOf(0)
    text = bytes.subarray(0, end === -1 ? 32 : end)
  } else {
    if (bytes.length < 64) return null
    const offset = Number(BigInt(`0x${bytes.subarray(0, 32).toString('hex')}`))
    if (offset + 32 > bytes.length) return null
    const length = Number(BigInt(`0x${bytes.subarray(offset, offset + 32).toString('hex')}`))
    if (offset + 32 + length > bytes.length) return null
    text = bytes.subarray(offset + 32, offset + 32 + length)
  }
  const clean = text.toString('utf8').replace(CONTROL, '').trim()
  return clean === '' ? null : clean.slice(0, 64)
}

function decodeDecimals(result: unknown): number | null {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result)) return null
  const value = BigInt(result)
  return value <= 255n ? Number(value) : null
}

/**
 * The metadata rows to write for `addresses` (lowercase contracts) that the tokens table does not hold yet for the
 * indexed chain `chain`. A contract that refuses a call gets null for that field; a failing chain throws.
 */
export async function readTokenMetadata(
  db: Database,
  rpcUrl: string,
  chain: number,
  addresses: readonly string[],
): Promise<TokenRow[]> {
  if (addresses.length === 0) return []
  const { rows } = await db.query<{ address: string }>(
    'SELECT address FROM tokens WHERE chain = $1 AND address = ANY($2::text[])',
    [chain, [...addresses]],
  )
  const have = new Set(rows.map((row) => row.address))
  const missing = addresses.filter((address) => !have.has(address))
  return Promise.all(
    missing.map(async (address) => {
      // A call the contract refuses (an error answer with a code) means it does not say; anything else throws.
      const answers = await Promise.all(
        [NAME, SYMBOL, DECIMALS].map((data) =>
          evmRpc(rpcUrl, 'eth_call', [{ to: address, data }, 'latest']).catch((error: unknown) => {
            if (error instanceof EvmRpcError && error.code !== undefined) return null
            throw error
          }),
        ),
      )
      return {
        address,
        name: decodeAbiString(answers[0]),
        symbol: decodeAbiString(answers[1]),
        decimals: decodeDecimals(answers[2]),
      }
    }),
  )
}
