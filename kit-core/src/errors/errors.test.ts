import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { VERSION } from '../version.js'
import {
  isUserRejection,
  LatchkeyError,
  normalizeProviderError,
  ProviderRpcError,
  UserRejectedRequestError,
} from './errors.js'
import { HttpRequestError, TimeoutError } from './http-errors.js'
import * as Messages from './messages.js'
import * as AccountMessages from './messages-account.js'
import * as SendMessages from './messages-send.js'
import { RETRYABLE_HTTP_STATUSES, RETRYABLE_RPC_CODES, SPECIAL_HTTP_STATUSES } from './retryable.js'
import { isKnownRpcErrorCode, RpcErrorCode, RpcErrorMessages } from './rpc-codes.js'

describe('the message catalogue (SPEC §5, §8)', () => {
  test('[§8.11] pins every fixed message', () => {
    expect({ ...AccountMessages }).toEqual({
      failedToFetchTransactions: 'Failed to fetch transactions',
      tokenBalanceUnavailable: 'Token Balance Unavailable',
      transactionFetchNeedsAddress: 'Transaction fetch requires an account address',
    })
    expect({ ...SendMessages }).toMatchObject({
      amountAndReceiverRequired: 'An amount and receiver address are required',
      tokenRequired: 'A token is required',
      amountNotANumber: 'The amount must be a number',
      amountNotPositive: 'The amount must be more than 0',
      amountNegative: 'The amount cannot be negative',
      amountAboveBalance: 'The amount is more than the balance',
      amountAboveBalanceWithFee: 'The amount and the network fee are more than the balance',
    })
    expect(SendMessages.amountTooPrecise(6)).toBe('The amount has more than 6 decimals')
    expect(SendMessages.amountTooPrecise(0)).toBe('The amount must be a whole number')
    expect(SendMessages.receiverInvalid('eip155')).toBe('The receiver is not a valid eip155 address')
    expect(SendMessages.receiverUnusual('solana')).toBe(
      'The receiver does not look like a solana address: funds sent to a wrong address are lost',
    )
    expect({ ...Messages }).toMatchObject({
      authInitFailed: 'A problem occurred while trying initialize authentication',
      signatureDeclined: 'Signature declined',
      smartAccountsUnsupported: 'This application might not support Smart Accounts',
      authenticating: 'Authenticating...',
      networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
      networkNotSupportedForSwaps: 'Network not supported for Swaps',
      failedToDisconnect: 'Failed to disconnect',
      siwxNotEnabled: 'SIWX is not enabled',
      noActiveCaipAddress: 'No ActiveCaipAddress found',
      noActiveCaipNetworkOrClient: 'No ActiveCaipNetwork or client found',
      noConnectionControllerClient: 'No ConnectionController client found',
      networkControllerClientNotSet: 'NetworkController client not set',
      connectionControllerClientNotSet: 'ConnectionController client not set',
      unsupportedChain: 'Unsupported chain',
      invalidCaipAddress: 'Invalid CAIP Address',
      unknownNetwork: 'Unknown Network',
      networkNotFound: 'Network not found',
      addressOrAuthConnectorNotFound: 'Address or auth connector not found',
      chainAdapterNotFound: 'Chain adapter not found',
      caipNetworkUndefined: 'CaipNetwork is undefined',
      caipNetworkOrAddressUndefined: 'CaipNetwork or CaipAddress is undefined',
      chainNotSupported: 'Chain is not supported',
      requestAborted: 'Request was aborted',
      somethingWentWrong: 'Something went wrong',
      anErrorOccurred: 'An error occurred',
      unableToLoadEmailLogin: 'Unable to load email login dependency',
      iframeLoadFailed: 'iframe_load_failed',
      iframeRequestTimeout: 'iframe_request_timeout',
      frameIframeNotSet: 'W3mFrame: iframe is not set',
      frameParentNotSet: 'W3mFrame: parent is not set',
      rpcCallNotAllowed: 'Requested RPC call is not allowed',
      actionNotAllowed: 'Action not allowed',
      errorResolvingName: 'Error resolving name',
      errorFetchingNameSuggestions: 'Error fetching name suggestions',
      errorFetchingNamesForAddress: 'Error fetching names for address',
      localConfigurationIgnored: 'Local configuration ignored',
      siweAndSiwx: 'Cannot set both `siweConfig` and `siwx` options',
      invalidCaip10: 'Invalid CAIP-10 address',
      invalidCaip2: 'Invalid CAIP-2 network id',
      invalidChainId: 'Invalid chainId',
      httpRequestFailed: 'HTTP request failed.',
      httpTimeout: 'The request took too long to respond.',
    })
    expect(Messages.noTransportUrl.startsWith('No URL was provided to the Transport')).toBe(true)
  })

  test('fills in the messages with parameters', () => {
    expect(Messages.chainRequiredTo('switch network')).toBe('Chain is required to switch network')
    expect(Messages.failedToDisconnectChain('solana', 'boom')).toBe('Failed to disconnect chain solana: boom')
    expect(Messages.failedToDisconnectChains('a; b')).toBe('Failed to disconnect chains: a; b')
    expect(Messages.errorRegisteringName('alice')).toBe('Error registering name alice')
    expect(Messages.adapterMissing('cosmos')).toBe("Adapter for namespace cosmos doesn't exist")
    expect(Messages.emailCooldown(12)).toBe('Please try again after 12 seconds')
    expect(Messages.httpStatus(503)).toBe('HTTP status code: 503')
  })
})

describe('the JSON-RPC / provider code table (SPEC §8)', () => {
  test('[§8.10] has every code of the spec', () => {
    expect(Object.values(RpcErrorCode).sort((a, b) => a - b)).toEqual([
      -32700, -32603, -32602, -32601, -32600, -32006, -32005, -32004, -32003, -32002, -32001, -32000, 4001,
      4100, 4200, 4900, 4901, 4902, 5700, 5710, 5720, 5730, 5740, 5750, 5760,
    ])
    for (const code of Object.values(RpcErrorCode)) expect(RpcErrorMessages[code]).toMatch(/\.$/)
    expect(isKnownRpcErrorCode(4001)).toBe(true)
    expect(isKnownRpcErrorCode(1234)).toBe(false)
  })

  test('[§9.32] retries exactly the codes and statuses of SPEC §9', () => {
    expect([...RETRYABLE_RPC_CODES].sort()).toEqual([-1, -32005, -32603].sort())
    expect([...RETRYABLE_HTTP_STATUSES].sort()).toEqual([403, 408, 413, 429, 500, 502, 503, 504])
    expect(SPECIAL_HTTP_STATUSES).toEqual({ ServiceUnavailable: 503, Forbidden: 403 })
  })
})

describe('error classes', () => {
  test('LatchkeyError keeps the exact message, a code, details, cause and the version', () => {
    const cause = new Error('inner')
    const error = new LatchkeyError(Messages.unsupportedChain, {
      code: 'UNSUPPORTED_CHAIN',
      cause,
      details: 'eip155:9',
    })
    expect(error.message).toBe('Unsupported chain')
    expect(error.code).toBe('UNSUPPORTED_CHAIN')
    expect(error.details).toBe('eip155:9')
    expect(error.cause).toBe(cause)
    expect(error.version).toBe(`@latchkey/core@${VERSION}`)
    expect(new LatchkeyError(Messages.failedToDisconnect).code).toBe('INTERNAL_SDK_ERROR')
  })

  test('VERSION is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(VERSION).toBe(pkg.version)
  })

  test('ProviderRpcError falls back to the table message', () => {
    expect(new ProviderRpcError(4902).message).toBe('Unrecognized chain ID. Try adding the chain first.')
    expect(new ProviderRpcError(4902, 'Chain 0x99 unknown').message).toBe('Chain 0x99 unknown')
    expect(new ProviderRpcError(77).message).toBe('An unknown RPC error occurred.')
    expect(new UserRejectedRequestError().code).toBe(4001)
  })

  test('HTTP errors never carry query values (project ids, keys) or credentials', () => {
    const error = new HttpRequestError(Messages.httpStatus(403), {
      url: 'https://user:pw@api.example/v1/x?projectId=secret123&st=appkit',
      status: 403,
    })
    expect(error.url).not.toContain('secret123')
    expect(error.url).not.toContain('pw')
    expect(error.details).not.toContain('secret123')
    expect(error.code).toBe('HTTP_ERROR')
    expect(new HttpRequestError(Messages.httpRequestFailed, { url: 'http://x' }).code).toBe(
      'HTTP_REQUEST_FAILED',
    )
    const timeout = new TimeoutError({ url: 'http://x/?key=k', timeout: 10 })
    expect(timeout.message).toBe('The request took too long to respond.')
    expect(timeout.code).toBe('TIMEOUT')
  })
})

describe('normalizeProviderError', () => {
  test.each([
    ['an EIP-1193 rejection', { code: 4001, message: 'User denied' }, 4001],
    ["WalletConnect's 5000", { code: 5000, message: 'User rejected.' }, 4001],
    ['a nested JSON-RPC error', { error: { code: -32602, message: 'bad params' } }, -32602],
    ['a MetaMask-style originalError', { data: { originalError: { code: 4902 } } }, 4902],
    ['a cause chain', { message: 'wrapped', cause: { code: 4100 } }, 4100],
    ['a string code', { code: '4200', message: 'nope' }, 4200],
    ['a rejection told only in words', new Error('User rejected the request.'), 4001],
    ['an error with no code', new Error('socket hang up'), -32603],
    ['a thrown string', 'boom', -32603],
  ])('maps %s', (_, input, code) => {
    const error = normalizeProviderError(input)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error.code).toBe(code)
    expect(error.cause).toBe(input)
  })

  test('keeps a wallet message and data', () => {
    const error = normalizeProviderError({ code: -32000, message: 'insufficient funds', data: { x: 1 } })
    expect(error.message).toBe('insufficient funds')
    expect(error.data).toEqual({ x: 1 })
  })

  test('returns provider errors as they are, and tells rejections apart', () => {
    const original = new ProviderRpcError(4902)
    expect(normalizeProviderError(original)).toBe(original)
    expect(isUserRejection({ code: 5000 })).toBe(true)
    expect(isUserRejection({ code: 4100 })).toBe(false)
  })
})
