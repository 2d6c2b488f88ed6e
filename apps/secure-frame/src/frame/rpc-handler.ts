/**
 * RPC_REQUEST in the frame, SPEC §6's lists enforced: reads forwarded to the chain, the frame's own answers
 * (accounts, capabilities, calls status, assets), the approval list only after the visitor approves in the frame's UI,
 * the smart-account methods refused for an eoa (4200), anything else 'Requested RPC call is not allowed'.
 */
import {
  type FrameHandlerContext,
  FrameHandlerError,
  type FrameRequestPayloads,
} from '@latchkey/core/embedded'
import type { Approvals } from './approvals.js'
import type { AuthApi, AuthUser } from './auth-api.js'
import { fillTransaction, jsonRpc, readTransactionRequest } from './chain-rpc.js'
import type { FrameConfig, FrameNetwork, FrameParams } from './config.js'
import { methodNamespace, NOT_ALLOWED, rpcPolicy, UNSUPPORTED_CODE, USER_REJECTED } from './rpc-policy.js'
import type { FrameStore } from './store.js'

export interface RpcHandlerDeps {
  auth: AuthApi
  store: FrameStore
  config: FrameConfig
  params: FrameParams
  approvals: Approvals
  signedIn(): Promise<{ user: AuthUser; token: string }>
  networkFor(chainId: string | number | undefined, namespace?: 'eip155' | 'solana'): FrameNetwork
  addressOn(account: AuthUser, on: FrameNetwork): string
}

interface CallsRecord {
  chainId: string
  hashes: string[]
}

const hex = (value: bigint | number) => `0x${BigInt(value).toString(16)}`

export function createRpcHandler(
  deps: RpcHandlerDeps,
): (payload: FrameRequestPayloads['RPC_REQUEST'], context: FrameHandlerContext) => Promise<unknown> {
  const { auth, store, config, params, signedIn, networkFor, addressOn } = deps
  const networks = config.networks
  const approve = async (
    method: string,
    rpcParams: unknown,
    on: FrameNetwork,
    account: string,
    context: FrameHandlerContext,
  ) => {
    const approved = await deps.approvals.ask({ method, params: rpcParams, network: on, account }, context)
    if (!approved) throw new FrameHandlerError(USER_REJECTED.message, USER_REJECTED.code)
  }

  const sendEvm = async (
    session: string,
    account: AuthUser,
    on: FrameNetwork,
    tx: unknown,
    at = 'params[0]',
  ) => {
    const request = readTransactionRequest(tx, at)
    if (request.from && request.from.toLowerCase() !== account.evmAddress.toLowerCase())
      throw new FrameHandlerError(`${at}.from: not this wallet's account`, 4100)
    const chainId = Number(on.caipNetworkId.split(':')[1])
    const transaction = await fillTransaction(on.rpcUrl, chainId, account.evmAddress, request)
    const { signedTransaction } = await auth.call<{ signedTransaction: string }>('/v1/sign/evm/transaction', {
      token: session,
      body: { transaction },
    })
    return jsonRpc<string>(on.rpcUrl, 'eth_sendRawTransaction', [signedTransaction])
  }

  const callsRecords = (): Record<string, CallsRecord> => {
    try {
      return JSON.parse(store.get('calls') ?? '{}') as Record<string, CallsRecord>
    } catch {
      return {}
    }
  }
  const remember = (id: string, record: CallsRecord) => {
    const entries = Object.entries({ ...callsRecords(), [id]: record }).slice(-20)
    store.set('calls', JSON.stringify(Object.fromEntries(entries)))
  }

  const callsStatus = async (id: unknown) => {
    if (typeof id !== 'string') throw new FrameHandlerError('params[0]: must be a calls id', -32602)
    const record = callsRecords()[id]
    if (!record) throw new FrameHandlerError('Unknown calls id', 5730)
    const on = networkFor(Number(BigInt(record.chainId)))
    const receipts = await Promise.all(
      record.hashes.map((hash) =>
        jsonRpc<Record<string, unknown> | null>(on.rpcUrl, 'eth_getTransactionReceipt', [hash]),
      ),
    )
    const done = receipts.filter((receipt): receipt is Record<string, unknown> => receipt !== null)
    const succeeded = done.filter((receipt) => receipt.status === '0x1').length
    const status =
      done.length < receipts.length ? 100 : succeeded === done.length ? 200 : succeeded === 0 ? 500 : 600
    return {
      version: '2.0.0',
      id,
      chainId: record.chainId,
      atomic: false,
      status,
      receipts: done.map((receipt) => ({
        logs: receipt.logs,
        status: receipt.status,
        blockHash: receipt.blockHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed,
        transactionHash: receipt.transactionHash,
      })),
    }
  }

  const assets = async (account: AuthUser) => {
    if (!config.blockchainApiUrl)
      throw new FrameHandlerError('wallet_getAssets is not available here', UNSUPPORTED_CODE)
    const out: Record<string, unknown[]> = {}
    for (const each of networks.filter((candidate) => candidate.caipNetworkId.startsWith('eip155:'))) {
      const query = new URLSearchParams({
        projectId: params.projectId,
        currency: 'usd',
        chainId: each.caipNetworkId,
      })
      const response = await fetch(
        `${config.blockchainApiUrl}/v1/account/${account.evmAddress}/balance?${query}`,
        { credentials: 'omit' },
      )
      if (!response.ok) throw new FrameHandlerError(`The Blockchain API answered ${response.status}`)
      const body = (await response.json()) as {
        balances?: {
          address?: string
          symbol?: string
          name?: string
          quantity?: { decimals?: string; numeric?: string }
        }[]
      }
      out[hex(Number(each.caipNetworkId.split(':')[1]))] = (body.balances ?? []).map((balance) => {
        const decimals = Number(balance.quantity?.decimals ?? 0)
        const [whole = '0', fraction = ''] = (balance.quantity?.numeric ?? '0').split('.')
        const units = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
        return {
          address: balance.address ? (balance.address.split(':').at(-1) ?? '') : 'native',
          balance: hex(units),
          type: balance.address ? 'erc20' : 'native',
          metadata: { name: balance.name, symbol: balance.symbol, decimals },
        }
      })
    }
    return out
  }

  const rpc = async (
    payload: FrameRequestPayloads['RPC_REQUEST'],
    context: FrameHandlerContext,
  ): Promise<unknown> => {
    const { method } = payload
    const rpcParams = payload.params
    const policy = rpcPolicy(method)
    if (policy === 'refused') throw new FrameHandlerError(NOT_ALLOWED, UNSUPPORTED_CODE)
    const on = networkFor(payload.chainId, methodNamespace(method))
    if (policy === 'unsupported')
      throw new FrameHandlerError(`${method} is not supported for an eoa`, UNSUPPORTED_CODE)
    if (method === 'eth_chainId') return hex(Number(on.caipNetworkId.split(':')[1]))
    if (policy === 'read') return jsonRpc(on.rpcUrl, method, rpcParams ?? [])
    const { user: account, token: session } = await signedIn()
    const list = Array.isArray(rpcParams) ? rpcParams : []
    const object = (rpcParams && !Array.isArray(rpcParams) ? rpcParams : {}) as Record<string, unknown>
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.evmAddress]
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return [{ pubkey: account.solanaAddress }]
      case 'wallet_getCapabilities':
        return Object.fromEntries(
          networks
            .filter((each) => each.caipNetworkId.startsWith('eip155:'))
            .map((each) => [
              hex(Number(each.caipNetworkId.split(':')[1])),
              { atomic: { status: 'unsupported' } },
            ]),
        )
      case 'wallet_getCallsStatus':
        return callsStatus(list[0])
      case 'wallet_getAssets':
        return assets(account)
    }
    await approve(method, rpcParams, on, addressOn(account, on), context)
    switch (method) {
      case 'personal_sign': {
        const message = list[0] as string
        const body = /^0x(?:[0-9a-fA-F]{2})*$/.test(message) ? { raw: message } : { message }
        return (await auth.call<{ signature: string }>('/v1/sign/evm/message', { token: session, body }))
          .signature
      }
      case 'eth_signTypedData_v4':
        return (
          await auth.call<{ signature: string }>('/v1/sign/evm/typed-data', {
            token: session,
            body: { typedData: list[1] },
          })
        ).signature
      case 'eth_sendTransaction':
        return sendEvm(session, account, on, list[0])
      case 'wallet_sendCalls': {
        const batch = (list[0] ?? {}) as { calls?: unknown[]; chainId?: string; atomicRequired?: boolean }
        if (batch.atomicRequired === true)
          throw new FrameHandlerError('Atomic batches are not supported by an eoa', 5760)
        const target = batch.chainId ? networkFor(Number(BigInt(batch.chainId))) : on
        const hashes: string[] = []
        for (const [index, call] of (batch.calls ?? []).entries())
          hashes.push(await sendEvm(session, account, target, call, `params[0].calls[${index}]`))
        const id = hex(
          BigInt(
            `0x${[...globalThis.crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
          ),
        )
        remember(id, { chainId: hex(Number(target.caipNetworkId.split(':')[1])), hashes })
        return { id }
      }
      case 'solana_signMessage':
        return auth.call<{ signature: string }>('/v1/sign/solana/message', {
          token: session,
          body: { message: object.message },
        })
      case 'solana_signTransaction':
        return auth.call<{ transaction: string; signature: string }>('/v1/sign/solana/transaction', {
          token: session,
          body: { transaction: object.transaction },
        })
      case 'solana_signAllTransactions': {
        const transactions: string[] = []
        for (const transaction of (object.transactions as unknown[]) ?? [])
          transactions.push(
            (
              await auth.call<{ transaction: string }>('/v1/sign/solana/transaction', {
                token: session,
                body: { transaction },
              })
            ).transaction,
          )
        return { transactions }
      }
      case 'solana_signAndSendTransaction': {
        const signed = await auth.call<{ transaction: string; signature: string }>(
          '/v1/sign/solana/transaction',
          {
            token: session,
            body: { transaction: object.transaction },
          },
        )
        const signature = await jsonRpc<string>(on.rpcUrl, 'sendTransaction', [
          signed.transaction,
          { encoding: 'base64', preflightCommitment: 'confirmed' },
        ])
        return { signature }
      }
    }
    throw new FrameHandlerError(NOT_ALLOWED, UNSUPPORTED_CODE)
  }

  return rpc
}
