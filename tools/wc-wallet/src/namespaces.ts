// Session namespaces: what the wallet offers a proposal, and whether a request stays inside what a session granted.
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { NamespaceDelegate, WcNamespace } from './delegate.js'
import { sdkError, type WcRpcError } from './errors.js'

/** CAIP-10 ids of the wallet's addresses on `chainId`, the selected one first. */
export function accountIds(delegate: NamespaceDelegate, chainId: string): string[] {
  return delegate.addresses(chainId).map((address) => `${chainId}:${address}`)
}

/** What the wallet supports in a namespace: every chain it knows with every address, its methods and events. */
function supported(delegate: NamespaceDelegate): Required<SessionTypes.Namespace> {
  return {
    chains: [...delegate.chains],
    methods: [...delegate.methods],
    events: [...delegate.events],
    accounts: delegate.chains.flatMap((chainId) => accountIds(delegate, chainId)),
  }
}

/**
 * The namespaces to approve a proposal with: per namespace the wallet holds (and `only` allows), the chains the
 * dApp asked for (required or optional) that the wallet knows, with all its accounts on them, and the methods and
 * events asked for that it supports. Throws (the SDK's message) when a required namespace cannot be met, and an
 * UNSUPPORTED_NAMESPACE_KEY error when nothing is left to approve.
 */
export function approvedNamespaces(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  delegates: readonly NamespaceDelegate[],
  only?: readonly WcNamespace[],
): SessionTypes.Namespaces {
  const supportedNamespaces: Record<string, Required<SessionTypes.Namespace>> = {}
  for (const delegate of delegates) {
    if (!only || only.includes(delegate.namespace))
      supportedNamespaces[delegate.namespace] = supported(delegate)
  }
  const namespaces = buildApprovedNamespaces({
    proposal: proposal as ProposalTypes.Struct,
    supportedNamespaces,
  })
  if (Object.keys(namespaces).length === 0) {
    throw sdkError('UNSUPPORTED_NAMESPACE_KEY', 'The wallet supports none of the chains the dApp asked for.')
  }
  return namespaces
}

/** The session namespace that holds `chainId` (its key is the namespace, or the chain itself in CAIP-25 form). */
export function sessionNamespaceOf(
  namespaces: SessionTypes.Namespaces,
  chainId: string,
): { key: string; namespace: SessionTypes.Namespace } | undefined {
  const prefix = chainId.split(':')[0]!
  for (const [key, namespace] of Object.entries(namespaces)) {
    const chains =
      namespace.chains ??
      (key.includes(':') ? [key] : namespace.accounts.map((a) => a.split(':', 2).join(':')))
    if ((key === prefix || key === chainId) && chains.includes(chainId)) return { key, namespace }
  }
  return undefined
}

/**
 * Checks that a request stays inside its session and the wallet: the chain is one the session granted and the
 * wallet knows, the method one the session granted for it and the wallet answers. Returns the SDK's error
 * (UNSUPPORTED_CHAINS 5100, UNSUPPORTED_METHODS 5101) when it does not, else the delegate to answer it.
 */
export function checkRequest(
  namespaces: SessionTypes.Namespaces,
  delegates: readonly NamespaceDelegate[],
  chainId: unknown,
  method: unknown,
): { delegate: NamespaceDelegate; error?: undefined } | { delegate?: undefined; error: WcRpcError } {
  if (typeof chainId !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId)) {
    return { error: sdkError('UNSUPPORTED_CHAINS', `${String(chainId)} is not a CAIP-2 chain id.`) }
  }
  const granted = sessionNamespaceOf(namespaces, chainId)
  const delegate = delegates.find((candidate) => candidate.namespace === chainId.split(':')[0])
  if (!granted || !delegate?.chains.includes(chainId)) {
    return { error: sdkError('UNSUPPORTED_CHAINS', `The session does not include ${chainId}.`) }
  }
  if (typeof method !== 'string' || !granted.namespace.methods.includes(method)) {
    return {
      error: sdkError('UNSUPPORTED_METHODS', `The session does not grant ${String(method)} on ${chainId}.`),
    }
  }
  if (!delegate.methods.includes(method)) {
    return { error: sdkError('UNSUPPORTED_METHODS', `The wallet does not answer ${method}.`) }
  }
  return { delegate }
}

/** `namespaces` with `chainId` (and the wallet's accounts on it) added to its namespace; the same object if present. */
export function withChain(
  namespaces: SessionTypes.Namespaces,
  delegate: NamespaceDelegate,
  chainId: string,
): SessionTypes.Namespaces {
  const current = namespaces[delegate.namespace]
  if (!current || sessionNamespaceOf(namespaces, chainId)) return namespaces
  return {
    ...namespaces,
    [delegate.namespace]: {
      ...current,
      chains: [...(current.chains ?? []), chainId],
      accounts: [...current.accounts, ...accountIds(delegate, chainId)],
    },
  }
}
