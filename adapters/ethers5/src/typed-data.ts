import type { TypedDataField } from 'ethers5'
import { invalidParams } from './errors.js'

const STRUCT_NAME = /^[A-Za-z_$][\w$]*/

/**
 * The EIP-712 types ethers v5's `_signTypedData` wants for `primaryType`: without `EIP712Domain` (ethers
 * builds the domain type itself) and only the types reachable from `primaryType`, because ethers infers the
 * primary type as the one no other type references and would otherwise sign another struct.
 * @throws LatchkeyError INVALID_PARAMS when `primaryType` is not among `types`.
 */
export function typesFor(
  types: Record<string, readonly { name: string; type: string }[]>,
  primaryType: string,
): Record<string, TypedDataField[]> {
  if (primaryType === 'EIP712Domain' || !Object.hasOwn(types, primaryType)) {
    throw invalidParams(`The primary type ${primaryType} is not among the typed data's types`)
  }
  const reachable: Record<string, TypedDataField[]> = {}
  const visit = (name: string) => {
    if (Object.hasOwn(reachable, name) || !Object.hasOwn(types, name) || name === 'EIP712Domain') return
    const fields = types[name] ?? []
    reachable[name] = fields.map((field) => ({ name: field.name, type: field.type }))
    for (const field of fields) {
      const struct = STRUCT_NAME.exec(String(field.type))?.[0]
      if (struct) visit(struct)
    }
  }
  visit(primaryType)
  return reachable
}
