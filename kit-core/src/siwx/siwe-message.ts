import type { ChainNamespace } from '../caip/caip.js'
import { parseCaipNetworkId } from '../caip/caip.js'
import { isAddress, toChecksumAddress } from '../validators/address.js'
import type { SiwxMessageData } from './types.js'

/** How each namespace's account is named in the message's first line (CAIP-122 generalises EIP-4361). */
const CHAIN_NAMES: Readonly<Record<ChainNamespace, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * The text of a sign-in message, exactly as EIP-4361 lays it out (on eip155: the EIP-55 address and the
 * numeric chain id); other namespaces follow the same layout with their own name (CAIP-122).
 * @throws LatchkeyError 'Invalid CAIP-2 network id' for a malformed `chainId`; TypeError for a statement or
 *   resource with a line break.
 */
export function formatSiwxMessage(data: SiwxMessageData & { issuedAt: string }): string {
  const { namespace, reference } = parseCaipNetworkId(data.chainId)
  const chainName = CHAIN_NAMES[namespace as ChainNamespace] ?? namespace
  const address =
    namespace === 'eip155' && isAddress(data.accountAddress, { strict: false })
      ? toChecksumAddress(data.accountAddress)
      : data.accountAddress
  for (const line of [data.statement, ...(data.resources ?? [])]) {
    if (line?.includes('\n')) throw new TypeError('A sign-in statement or resource cannot span lines')
  }
  const lines = [`${data.domain} wants you to sign in with your ${chainName} account:`, address, '']
  if (data.statement) lines.push(data.statement, '')
  else lines.push('')
  lines.push(
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  )
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  return lines.join('\n')
}
