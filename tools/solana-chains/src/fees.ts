// The fee litesvm charges a transaction: 5000 lamports per signature plus the compute-unit price times
// the compute-unit limit, as the runtime's fee structure does.

import { ComputeBudgetProgram, type VersionedMessage } from '@solana/web3.js'

/** Lamports charged per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000

const DEFAULT_UNITS_PER_INSTRUCTION = 200_000
const MAX_COMPUTE_UNITS = 1_400_000

/** The fee, in lamports, of a message (its signatures plus its prioritization fee). */
export function messageFee(message: VersionedMessage): number {
  const programIndex = message.staticAccountKeys.findIndex((key) =>
    key.equals(ComputeBudgetProgram.programId),
  )
  let unitLimit: number | undefined
  let microLamportsPerUnit = 0n
  let otherInstructions = 0
  for (const instruction of message.compiledInstructions) {
    if (instruction.programIdIndex !== programIndex) {
      otherInstructions++
      continue
    }
    const data = Buffer.from(instruction.data)
    if (data[0] === 2 && data.length >= 5) unitLimit = data.readUInt32LE(1)
    else if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = data.readBigUInt64LE(1)
  }
  const units = BigInt(
    Math.min(unitLimit ?? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION, MAX_COMPUTE_UNITS),
  )
  const priority = (microLamportsPerUnit * units + 999_999n) / 1_000_000n
  return message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE + Number(priority)
}
