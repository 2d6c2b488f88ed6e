import {
  FUNDED_ACCOUNT_COUNT as FUNDED_BITCOIN_ACCOUNTS,
  FUNDED_UTXO_COUNT,
  FUNDED_UTXO_SATS,
  paymentPath,
  taprootPath,
} from '@latchkey/bitcoin-chains'
import {
  DERIVATION_PATH_PREFIX,
  FUNDED_ACCOUNT_COUNT,
  FUNDED_ETH_BALANCE,
  FUNDED_TOKEN_BALANCE,
  getTestAccounts,
  TOKENS,
} from '@latchkey/evm-chains'
import { FUNDED_KEYPAIR_COUNT, FUNDED_LAMPORTS, FUNDED_TOKEN_AMOUNT } from '@latchkey/solana-chains'
import type { LocalStackInfo } from './types.js'

/** `name` padded to the longest of `names`. */
const padTo = (names: readonly string[]) => (name: string) =>
  name.padEnd(Math.max(...names.map((item) => item.length)))

/** The human-readable summary `npm start` prints. */
export function formatStackInfo(info: LocalStackInfo, extraLines: readonly string[] = []): string {
  const lines: string[] = ['Latchkey local stack is running.', '', 'EVM chains (anvil)']
  const nameWidth = Math.max(...info.evm.chains.map((chain) => chain.name.length))
  for (const chain of info.evm.chains) {
    lines.push(
      `  ${chain.name.padEnd(nameWidth)}  chain id ${String(chain.chainId).padEnd(6)} ${chain.rpcUrl}`,
    )
  }
  const { solana, bitcoin } = info
  const solanaName = padTo(solana.clusters.map((cluster) => cluster.name))
  lines.push('', 'Solana clusters (a real SVM: litesvm; WebSocket on the same port)')
  for (const cluster of solana.clusters) {
    lines.push(`  ${solanaName(cluster.name)}  genesis ${cluster.genesisHash}  ${cluster.rpcUrl}`)
  }
  const sol = FUNDED_LAMPORTS / 1_000_000_000n
  const lusd = FUNDED_TOKEN_AMOUNT / 10n ** BigInt(solana.mint.decimals)
  lines.push(
    `  ${solana.mint.symbol} mint ${solana.mint.address} (${solana.mint.decimals} decimals)`,
    `  Keypairs 0..${FUNDED_KEYPAIR_COUNT - 1} hold ${sol.toLocaleString('en-US')} SOL and ${lusd.toLocaleString('en-US')} ${solana.mint.symbol} on both clusters:`,
  )
  for (const [index, key] of solana.keypairs.entries()) lines.push(`  ${String(index).padStart(2)}  ${key}`)
  const bitcoinName = padTo(bitcoin.networks.map((network) => network.name))
  lines.push('', 'Bitcoin networks (Esplora HTTP API)')
  for (const network of bitcoin.networks) {
    lines.push(`  ${bitcoinName(network.name)}  ${network.network.padEnd(7)}  ${network.esploraUrl}`)
  }
  const btc = (FUNDED_UTXO_COUNT * FUNDED_UTXO_SATS) / 100_000_000
  lines.push(
    `  Accounts 0..${FUNDED_BITCOIN_ACCOUNTS - 1} of the test mnemonic: payment ${paymentPath(0).replace(/0$/, 'i')} (P2WPKH), taproot ${taprootPath(0).replace(/0$/, 'i')} (P2TR); each address holds ${btc} BTC on both networks:`,
  )
  for (const account of bitcoin.accounts) {
    lines.push(
      `  ${String(account.index).padStart(2)}  ${account.payment.addresses.regtest}  ${account.taproot.addresses.regtest}`,
    )
  }
  lines.push(
    '',
    'Services (Provider API and Blockchain API stand-in; control API under /__control)',
    `  ${info.services.url}`,
    '',
    "WalletConnect relay (the SDKs' relayUrl)",
    `  ${info.relay.url}`,
    '',
    'Mail sink (every email the local services send; JSON API at /api/messages?to=<address>)',
    `  mailbox ${info.mail.url}/`,
    `  SMTP    ${info.mail.smtpHost}:${info.mail.smtpPort}`,
    '',
    `Auth service (the embedded wallet: email codes, devices, sessions, keys, signing; answers the frame origin ${info.auth.frameOrigin} only)`,
    `  ${info.auth.url}`,
    '',
    "Secure frame (the embedded wallet's own origin: load it with ?projectId=…; only the project's allowed origins may frame it)",
    `  ${info.frame.url}`,
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
  lines.push(...extraLines, '', 'Press Ctrl-C to stop.')
  return lines.join('\n')
}
