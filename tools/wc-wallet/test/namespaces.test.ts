// The session rules without a relay: what a proposal is approved with, and which requests stay inside a session.
import type { SessionTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import type { NamespaceDelegate } from '../src/delegate.js'
import { WcRpcError } from '../src/errors.js'
import { approvedNamespaces, checkRequest, withChain } from '../src/namespaces.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

function fakeDelegate(overrides: Partial<NamespaceDelegate> = {}): NamespaceDelegate {
  return {
    namespace: 'eip155',
    chains: ['eip155:31337', 'eip155:31338'],
    activeChain: 'eip155:31337',
    methods: ['personal_sign', 'eth_chainId'],
    events: ['chainChanged', 'accountsChanged'],
    addresses: () => [A, B],
    selectChain: () => {},
    selectAccount: () => {},
    chainChangedData: (chainId) => Number(chainId.split(':')[1]),
    prepare: () => ({ needsApproval: false, run: async () => null }),
    ...overrides,
  }
}

const session: SessionTypes.Namespaces = {
  eip155: {
    chains: ['eip155:31337'],
    methods: ['personal_sign', 'eth_sign'],
    events: ['chainChanged'],
    accounts: [`eip155:31337:${A}`],
  },
}

describe('approvedNamespaces', () => {
  it('grants the asked chains the wallet knows, all its accounts on them, and the asked methods it supports', () => {
    const namespaces = approvedNamespaces(
      {
        requiredNamespaces: {},
        optionalNamespaces: {
          eip155: {
            chains: ['eip155:31338', 'eip155:1'],
            methods: ['personal_sign', 'eth_signTransaction'],
            events: ['accountsChanged'],
          },
          solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: [], events: [] },
        },
      },
      [fakeDelegate()],
    )
    expect(namespaces).toEqual({
      eip155: {
        chains: ['eip155:31338'],
        methods: ['personal_sign'],
        events: ['accountsChanged'],
        accounts: [`eip155:31338:${A}`, `eip155:31338:${B}`],
      },
    })
  })

  it('leaves out namespaces `only` excludes; nothing left is UNSUPPORTED_NAMESPACE_KEY (5104)', () => {
    const proposal = {
      requiredNamespaces: {},
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: [], events: [] } },
    }
    expect(() => approvedNamespaces(proposal, [fakeDelegate()], ['solana'])).toThrow(
      expect.objectContaining({ code: 5104 }),
    )
  })

  it('throws when a required namespace asks for a chain the wallet does not know', () => {
    const proposal = {
      requiredNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
      optionalNamespaces: {},
    }
    expect(() => approvedNamespaces(proposal, [fakeDelegate()])).toThrow()
  })
})

describe('checkRequest', () => {
  const delegates = [fakeDelegate()]
  const codeOf = (chainId: unknown, method: unknown) => {
    const { error } = checkRequest(session, delegates, chainId, method)
    return error ? [error instanceof WcRpcError, error.code] : [false, 0]
  }

  it('lets a granted method on a granted chain through to its namespace', () => {
    expect(checkRequest(session, delegates, 'eip155:31337', 'personal_sign').delegate).toBe(delegates[0])
  })

  it("answers the SDK's UNSUPPORTED_CHAINS (5100) for a chain outside the session, the wallet or CAIP-2", () => {
    expect(codeOf('eip155:31338', 'personal_sign')).toEqual([true, 5100])
    expect(codeOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana_signMessage')).toEqual([true, 5100])
    expect(codeOf('not a chain', 'personal_sign')).toEqual([true, 5100])
    expect(codeOf(undefined, 'personal_sign')).toEqual([true, 5100])
  })

  it("answers the SDK's UNSUPPORTED_METHODS (5101) for a method not granted, or granted but not answered", () => {
    expect(codeOf('eip155:31337', 'eth_chainId')).toEqual([true, 5101])
    expect(codeOf('eip155:31337', 'eth_sign')).toEqual([true, 5101])
    expect(codeOf('eip155:31337', 42)).toEqual([true, 5101])
  })

  it('knows a chain that is in the accounts only (a session without `chains`)', () => {
    const { chains: _, ...withoutChains } = session.eip155!
    expect(
      checkRequest({ eip155: withoutChains }, delegates, 'eip155:31337', 'personal_sign').error,
    ).toBeUndefined()
  })
})

describe('withChain', () => {
  it('adds the chain and the wallet’s accounts on it; the same object when it is there already', () => {
    const delegate = fakeDelegate()
    expect(withChain(session, delegate, 'eip155:31337')).toBe(session)
    expect(withChain(session, delegate, 'eip155:31338').eip155).toEqual({
      ...session.eip155,
      chains: ['eip155:31337', 'eip155:31338'],
      accounts: [`eip155:31337:${A}`, `eip155:31338:${A}`, `eip155:31338:${B}`],
    })
  })
})
