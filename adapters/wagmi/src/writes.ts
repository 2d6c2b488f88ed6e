// The wallet writes of the adapter, through wagmi's actions on its config: messages, typed data, transfers and
// contract calls. The adapter checks who signs and on which network; these turn its parameters into wagmi's.
import {
  LatchkeyError,
  type SendTransactionParams,
  type SignTypedDataParams,
  type WriteContractParams,
} from '@latchkey/core'
import {
  type Config,
  sendTransaction as wagmiSendTransaction,
  signMessage as wagmiSignMessage,
  signTypedData as wagmiSignTypedData,
  writeContract as wagmiWriteContract,
} from '@wagmi/core'
import { viaWallet } from './errors.js'
import { addressParam } from './params.js'

type Account = `0x${string}`

/** EIP-191 through wagmi's `signMessage`. @throws ProviderRpcError 4001 when the user rejects. */
export function signMessageThrough(
  config: Config,
  account: Account,
  message: Parameters<typeof wagmiSignMessage>[1]['message'],
): Promise<`0x${string}`> {
  return viaWallet(() => wagmiSignMessage(config, { account, message }))
}

/** EIP-712 through wagmi's `signTypedData`. @throws ProviderRpcError 4001 when the user rejects. */
export function signTypedDataThrough(config: Config, account: Account, params: SignTypedDataParams) {
  return viaWallet(() =>
    wagmiSignTypedData(config, {
      account,
      domain: params.domain,
      types: params.types,
      primaryType: params.primaryType,
      message: params.message,
    } as Parameters<typeof wagmiSignTypedData>[1]),
  )
}

/**
 * A transfer or call through wagmi's `sendTransaction` on `chainId`.
 * @throws LatchkeyError INVALID_PARAMS for a malformed recipient or amount; ProviderRpcError from the wallet.
 */
export function sendTransactionThrough(
  config: Config,
  account: Account,
  chainId: number,
  params: SendTransactionParams,
) {
  const to = addressParam(params.to, 'recipient')
  if (typeof params.value !== 'bigint' || params.value < 0n) {
    throw new LatchkeyError('Invalid amount: a non-negative bigint in wei', { code: 'INVALID_PARAMS' })
  }
  return viaWallet(() =>
    wagmiSendTransaction(config, {
      account,
      chainId,
      to,
      value: params.value,
      ...(params.data ? { data: params.data } : {}),
      ...(params.gas !== undefined ? { gas: params.gas } : {}),
      ...(params.maxFeePerGas !== undefined ? { maxFeePerGas: params.maxFeePerGas } : {}),
      ...(params.maxPriorityFeePerGas !== undefined
        ? { maxPriorityFeePerGas: params.maxPriorityFeePerGas }
        : {}),
    } as Parameters<typeof wagmiSendTransaction>[1]),
  )
}

/**
 * A contract call through wagmi's `writeContract` (no simulation: a USDT-style `transfer` returns nothing).
 * @throws LatchkeyError INVALID_PARAMS for a malformed contract address; ProviderRpcError from the wallet.
 */
export function writeContractThrough(
  config: Config,
  account: Account,
  chainId: number,
  params: WriteContractParams,
) {
  const address = addressParam(params.address, 'contract address')
  return viaWallet(() =>
    wagmiWriteContract(config, {
      account,
      chainId,
      address,
      abi: params.abi,
      functionName: params.functionName,
      args: params.args ?? [],
      ...(params.value !== undefined ? { value: params.value } : {}),
    } as Parameters<typeof wagmiWriteContract>[1]),
  )
}
