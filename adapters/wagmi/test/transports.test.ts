/** Which RPC failures the transports retry or pass to the next URL (SPEC §9), on viem's own error objects. */
import {
  HttpRequestError,
  InternalRpcError,
  InvalidParamsRpcError,
  TimeoutError,
  UserRejectedRequestError,
} from 'viem'
import { expect, test } from 'vitest'
import { isRetryableRpcFailure } from '../src/transports.js'

const httpError = (status: number) => new HttpRequestError({ url: 'http://127.0.0.1:1', status })

test('retryable: the listed HTTP statuses, network errors, timeouts, RPC -1 / -32005 / -32603', () => {
  for (const status of [403, 408, 413, 429, 500, 502, 503, 504])
    expect(isRetryableRpcFailure(httpError(status))).toBe(true)
  expect(isRetryableRpcFailure(new HttpRequestError({ url: 'http://127.0.0.1:1' }))).toBe(true)
  expect(isRetryableRpcFailure(new TimeoutError({ body: {}, url: 'http://127.0.0.1:1' }))).toBe(true)
  expect(isRetryableRpcFailure(new InternalRpcError(new Error('boom')))).toBe(true)
  expect(isRetryableRpcFailure(Object.assign(new Error('limit'), { code: -32005 }))).toBe(true)
})

test('not retryable: a 400 or 404, bad params, a user rejection', () => {
  expect(isRetryableRpcFailure(httpError(400))).toBe(false)
  expect(isRetryableRpcFailure(httpError(404))).toBe(false)
  expect(isRetryableRpcFailure(new InvalidParamsRpcError(new Error('bad')))).toBe(false)
  expect(isRetryableRpcFailure(new UserRejectedRequestError(new Error('no')))).toBe(false)
})
