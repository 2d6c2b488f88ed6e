import { describe, expect, test } from 'vitest'
import { isSafeMethod, methodNamespace, rpcPolicy } from '../../src/embedded.js'

const policies = (methods: readonly string[]) => Object.fromEntries(methods.map((m) => [m, rpcPolicy(m)]))

describe("SPEC §6's embedded-wallet RPC lists, as the kit and the frame share them", () => {
  test('[§6.5] [§6.6] allowed without approval: chain reads forwarded, chain id, accounts, capabilities, calls status and assets answered by the frame', () => {
    const reads = [
      'eth_getBalance',
      'eth_blockNumber',
      'eth_getBlockByNumber',
      'eth_getLogs',
      'eth_getTransactionReceipt',
      'eth_estimateGas',
      'eth_sendRawTransaction',
      'eth_call',
    ]
    expect(policies(reads)).toEqual(Object.fromEntries(reads.map((m) => [m, 'read'])))
    const answered = [
      'eth_chainId',
      'eth_accounts',
      'wallet_getCapabilities',
      'wallet_getCallsStatus',
      'wallet_getAssets',
    ]
    expect(policies(answered)).toEqual(Object.fromEntries(answered.map((m) => [m, 'frame'])))
    // User-operation reads are on the allowed list; an eoa has none to read (4200 from the frame).
    expect(rpcPolicy('eth_getUserOperationReceipt')).toBe('unsupported')
  })

  test('[§6.7] needing approval: the signatures and sends of both namespaces; the smart-account ones refused for an eoa', () => {
    const approval = [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_sendCalls',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
    ]
    expect(policies(approval)).toEqual(Object.fromEntries(approval.map((m) => [m, 'approval'])))
    const smart = ['wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation']
    expect(policies(smart)).toEqual(Object.fromEntries(smart.map((m) => [m, 'unsupported'])))
  })

  test('[§6.8] anything else is refused', () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'wallet_addEthereumChain',
      'debug_traceCall',
      '',
    ])
      expect(rpcPolicy(method), method).toBe('refused')
  })

  test("[§4.25] safe methods are the reads and the frame's own answers; the approval list is not", () => {
    for (const method of [
      'eth_getBalance',
      'eth_call',
      'eth_chainId',
      'eth_accounts',
      'wallet_getCallsStatus',
    ])
      expect(isSafeMethod(method), method).toBe(true)
    for (const method of ['personal_sign', 'eth_sendTransaction', 'wallet_sendCalls', 'solana_signMessage'])
      expect(isSafeMethod(method), method).toBe(false)
  })

  test("a method's namespace: solana_* on solana, the rest on eip155", () => {
    expect(methodNamespace('solana_signAndSendTransaction')).toBe('solana')
    expect(methodNamespace('personal_sign')).toBe('eip155')
    expect(methodNamespace('wallet_sendCalls')).toBe('eip155')
  })
})
