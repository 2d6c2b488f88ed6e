import type { BalanceResult, CaipNetwork, EstimateGasParams, SignableMessage } from '@latchkey/core'
import { ERC20_ABI, erc20Balance } from '@latchkey/core/eip155'
import type { Client } from 'viem'
import { formatUnits, isHex } from 'viem'
import {
  readContract,
  estimateGas as viemEstimateGas,
  getBalance as viemGetBalance,
  verifyMessage as viemVerifyMessage,
} from 'viem/actions'
import { walletError } from './errors.js'
import { addressParam } from './params.js'

// The wallet's own answers (capabilities, assets) and their checks are read on demand too.
export { requestWalletAssets, requestWalletCapabilities } from '@latchkey/core/eip155'
// The transport of a chain with several RPC URLs loads with the reads: whatever reads such a chain needs it. (A chunk
// of its own would share viem's error modules with the page, which Vite 8 then splits into extra initial files.)
export { rankedFallback } from './fallback.js'

/** The native balance of an address, or an ERC-20 one when `token` is given, read from the chain's RPC. */
export async function readBalance(
  client: Client,
  network: CaipNetwork,
  address: `0x${string}`,
  token?: `0x${string}`,
): Promise<BalanceResult> {
  if (!token) {
    const value = await viemGetBalance(client, { address })
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }
  const [value, decimals, symbol] = await Promise.all([
    readContract(client, { address: token, abi: ERC20_ABI, functionName: 'balanceOf', args: [address] }),
    readContract(client, { address: token, abi: ERC20_ABI, functionName: 'decimals' }),
    readContract(client, { address: token, abi: ERC20_ABI, functionName: 'symbol' }),
  ])
  return erc20Balance({ value, decimals, symbol }, formatUnits)
}

/**
 * Checks a message signature with viem: an EOA's by recovery, a smart account's by ERC-1271
 * `isValidSignature` at its address (ERC-6492 for one not deployed yet). False for a malformed signature.
 */
export async function verifySignature(
  client: Client,
  address: `0x${string}`,
  message: SignableMessage,
  signature: string,
): Promise<boolean> {
  if (!isHex(signature) || signature.length < 4) return false
  return viemVerifyMessage(client, { address, message, signature })
}

/**
 * The gas a call would use, estimated by the node of `client()`'s chain.
 * @throws what the node said, through {@link walletError}; the adapter's own LatchkeyErrors as they are.
 */
export async function estimate(
  client: () => Client,
  params: EstimateGasParams,
  from: `0x${string}` | undefined,
): Promise<bigint> {
  try {
    return await viemEstimateGas(client(), {
      ...(from ? { account: from } : {}),
      to: addressParam(params.to, 'recipient'),
      ...(params.value !== undefined ? { value: params.value } : {}),
      ...(params.data ? { data: params.data } : {}),
    })
  } catch (error) {
    throw walletError(error)
  }
}
