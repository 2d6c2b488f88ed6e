import {
  DERIVATION_PATH_PREFIX,
  FUNDED_ACCOUNT_COUNT,
  FUNDED_ETH_BALANCE,
  FUNDED_TOKEN_BALANCE,
  getTestAccounts,
  TOKENS,
} from '@latchkey/evm-chains'
import type { LocalStackInfo } from './types.js'

/** The human-readable summary `npm start` prints. */
export function formatStackInfo(info: LocalStackInfo): string {
  const lines: string[] = ['Latchkey local stack is running.', '', 'EVM chains (anvil)']
  const nameWidth = Math.max(...info.evm.chains.map((chain) => chain.name.length))
  for (const chain of info.evm.chains) {
    lines.push(
      `  ${chain.name.padEnd(nameWidth)}  chain id ${String(chain.chainId).padEnd(6)} ${chain.rpcUrl}`,
    )
  }
  lines.push(
    '',
    'Services (Provider API and Blockchain API stand-in; control API under /__control)',
    `  ${info.services.url}`,
  )
  lines.push('', 'ERC-20 tokens (same address on every chain)')
  for (const token of Object.values(TOKENS)) {
    const address = info.evm.tokens[token.symbol]
    const note = token.returnsBool ? '' : '  USDT-style: transfer/transferFrom/approve return nothing'
    lines.push(
      `  ${token.symbol.padEnd(6)} ${address}  ${token.name.padEnd(16)} ${String(token.decimals).padStart(2)} decimals${note}`,
    )
  }
  lines.push(
    '',
    'Test accounts',
    `  Mnemonic: ${info.evm.mnemonic}`,
    `  Accounts 0..${FUNDED_ACCOUNT_COUNT - 1} (${DERIVATION_PATH_PREFIX}i) hold ${FUNDED_ETH_BALANCE.toLocaleString('en-US')} ETH and ${FUNDED_TOKEN_BALANCE.toLocaleString('en-US')} of each token on every chain:`,
  )
  for (const [index, account] of getTestAccounts(FUNDED_ACCOUNT_COUNT).entries()) {
    lines.push(`  ${String(index).padStart(2)}  ${account.address}`)
  }
  lines.push('', 'Press Ctrl-C to stop.')
  return lines.join('\n')
}
