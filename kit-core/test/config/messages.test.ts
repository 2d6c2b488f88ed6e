import { describe, expect, test } from 'vitest'
import { LatchkeyError, Messages } from '../../src/errors/index.js'
import * as AccountMessages from '../../src/errors/messages-account.js'
import * as SendMessages from '../../src/errors/messages-send.js'

// The catalogue, with the account data's and the send form's messages, which their code imports from their modules.
const catalogue: unknown[] = [
  ...Object.values(Messages),
  ...Object.values(AccountMessages),
  ...Object.values(SendMessages),
].filter((value) => typeof value === 'string')

describe('the message catalogue holds every message of SPEC §8', () => {
  test('[§8.1] the toasts', () => {
    for (const text of [
      'Failed to fetch transactions',
      'Token Balance Unavailable',
      'A problem occurred while trying initialize authentication',
      'Signature declined',
      'This application might not support Smart Accounts',
      'Authenticating...',
    ]) {
      expect(catalogue).toContain(text)
    }
  })

  test('[§8.2] the thrown messages', () => {
    for (const text of [
      'Network not supported for Gas Price',
      'Network not supported for Swaps',
      'Failed to disconnect',
      'SIWX is not enabled',
      'No ActiveCaipAddress found',
      'No ActiveCaipNetwork or client found',
      'No ConnectionController client found',
      'NetworkController client not set',
      'ConnectionController client not set',
      'Unsupported chain',
      'Invalid CAIP Address',
      'Unknown Network',
      'Network not found',
      'Address or auth connector not found',
      'Chain adapter not found',
      'CaipNetwork is undefined',
      'CaipNetwork or CaipAddress is undefined',
      'Chain is not supported',
    ]) {
      expect(catalogue).toContain(text)
    }
    expect(Messages.chainRequiredTo('switch network')).toBe('Chain is required to switch network')
    expect(Messages.failedToDisconnectChain('solana', 'x')).toBe('Failed to disconnect chain solana: x')
    expect(Messages.failedToDisconnectChains('a; b')).toBe('Failed to disconnect chains: a; b')
    expect(new LatchkeyError(Messages.failedToDisconnect).code).toBe('INTERNAL_SDK_ERROR')
  })
})
