/**
 * SPEC §6's embedded-wallet RPC lists, shared by the secure frame (which enforces them: it is the boundary) and the kit
 * (which checks them for the visitor's feedback before a request leaves the page): reads answered without approval,
 * signatures and sends only after the visitor approves in the frame's own UI, the smart-account methods refused for an
 * eoa, everything else refused.
 */

/** EVM reads forwarded to the chain as they are. */
const EVM_READS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_sendRawTransaction',
  'eth_uninstallFilter',
  'net_version',
])

/** Answered by the frame itself, without approval. */
const FRAME_ANSWERS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'solana_getAccounts',
  'solana_requestAccounts',
])

/** User-operation reads: an eoa has none (4200). */
const USER_OPERATION_READS: ReadonlySet<string> = new Set([
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
])

/** Methods that wait for the visitor's approval in the frame. */
const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

/** Approval-list methods a smart account would take and an eoa refuses (4200). */
const SMART_ACCOUNT_ONLY: ReadonlySet<string> = new Set([
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

export type RpcPolicy = 'read' | 'frame' | 'approval' | 'unsupported' | 'refused'

/** Where a method stands for an eoa. */
export function rpcPolicy(method: string): RpcPolicy {
  if (EVM_READS.has(method)) return 'read'
  if (FRAME_ANSWERS.has(method)) return 'frame'
  if (APPROVAL_METHODS.has(method)) return 'approval'
  if (USER_OPERATION_READS.has(method) || SMART_ACCOUNT_ONLY.has(method)) return 'unsupported'
  return 'refused'
}

/**
 * A safe method (SPEC §4): one answered without the visitor (a read, or the frame's own answer), which an abort of the
 * open requests leaves alone.
 */
export function isSafeMethod(method: string): boolean {
  const policy = rpcPolicy(method)
  return policy === 'read' || policy === 'frame'
}

/** The namespace a method of the lists belongs to: Solana's are `solana_*`, the rest are EVM's. */
export function methodNamespace(method: string): 'eip155' | 'solana' {
  return method.startsWith('solana_') ? 'solana' : 'eip155'
}
