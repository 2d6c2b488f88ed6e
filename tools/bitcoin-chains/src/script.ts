// Output scripts as Esplora describes them: type names, addresses and assembly in rust-bitcoin's notation.
import { address, type Network, opcodes } from 'bitcoinjs-lib'

/** Esplora's `scriptpubkey_type` values for the scripts this network knows. */
export type ScriptType = 'p2pkh' | 'p2sh' | 'v0_p2wpkh' | 'v0_p2wsh' | 'v1_p2tr' | 'op_return' | 'unknown'

/** Classifies an output script by its template. */
export function scriptType(script: Uint8Array): ScriptType {
  const n = script.length
  if (
    n === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return 'p2pkh'
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) return 'p2sh'
  if (n === 22 && script[0] === 0x00 && script[1] === 0x14) return 'v0_p2wpkh'
  if (n === 34 && script[0] === 0x00 && script[1] === 0x20) return 'v0_p2wsh'
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) return 'v1_p2tr'
  if (n >= 1 && script[0] === 0x6a) return 'op_return'
  return 'unknown'
}

/** The address of an output script on `network`, or undefined when it has none (OP_RETURN, bare scripts). */
export function scriptAddress(script: Uint8Array, network: Network): string | undefined {
  try {
    return address.fromOutputScript(script, network)
  } catch {
    return undefined
  }
}

/** The output script of an address on `network`; undefined when the address is malformed or of another network. */
export function addressScript(addr: string, network: Network): Uint8Array | undefined {
  try {
    return address.toOutputScript(addr, network)
  } catch {
    return undefined
  }
}

const OPCODE_NAMES = new Map<number, string>()
for (const [name, code] of Object.entries(opcodes)) {
  if (typeof code === 'number' && !OPCODE_NAMES.has(code)) OPCODE_NAMES.set(code, name)
}

function opcodeName(code: number): string {
  if (code === 0x00) return 'OP_0'
  if (code === 0x4f) return 'OP_PUSHNUM_NEG1'
  if (code >= 0x51 && code <= 0x60) return `OP_PUSHNUM_${code - 0x50}`
  return OPCODE_NAMES.get(code) ?? `OP_UNKNOWN_${code}`
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

/** Script assembly as Esplora prints it ("OP_0 OP_PUSHBYTES_20 <hex>"); a truncated push ends with "<push past end>". */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = []
  let i = 0
  while (i < script.length) {
    const code = script[i++]!
    let size = -1
    let name = ''
    if (code >= 0x01 && code <= 0x4b) {
      size = code
      name = `OP_PUSHBYTES_${code}`
    } else if (code >= 0x4c && code <= 0x4e) {
      const width = code === 0x4c ? 1 : code === 0x4d ? 2 : 4
      if (i + width > script.length) {
        parts.push('<push past end>')
        break
      }
      size = 0
      for (let b = width - 1; b >= 0; b--) size = size * 256 + script[i + b]!
      i += width
      name = code === 0x4c ? 'OP_PUSHDATA1' : code === 0x4d ? 'OP_PUSHDATA2' : 'OP_PUSHDATA4'
    }
    if (size < 0) {
      parts.push(opcodeName(code))
      continue
    }
    if (i + size > script.length) {
      parts.push('<push past end>')
      break
    }
    parts.push(name, hex(script.subarray(i, i + size)))
    i += size
  }
  return parts.join(' ')
}
