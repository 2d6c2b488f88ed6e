import type { ChainAdapter } from '../../../adapter/adapter.js'
import { type ChainNamespace, isChainNamespace } from '../../../caip/caip.js'
import { LatchkeyError } from '../../../errors/errors.js'
import * as Messages from '../../../errors/messages.js'
import { invalidOption, isRecord } from './option-checks.js'

/** The kit's adapters, one per namespace. */
export interface AdapterRegistry {
  /** The namespaces that have an adapter, in the host's order. */
  readonly namespaces: readonly ChainNamespace[]
  /** Every adapter, in the host's order. */
  list(): readonly ChainAdapter[]
  /** The adapter of a namespace, or undefined. */
  get(namespace: ChainNamespace): ChainAdapter | undefined
  /**
   * The adapter of a namespace.
   * @throws LatchkeyError ADAPTER_NOT_FOUND "Adapter for namespace {x} doesn't exist" (SPEC §5.21).
   */
  getAdapter(namespace: ChainNamespace): ChainAdapter
}

const REQUIRED_METHODS = ['init', 'connect', 'disconnect', 'getConnectors'] as const

/** Checks one `adapters` entry. @throws LatchkeyError INVALID_OPTIONS. */
function checkAdapter(value: unknown, index: number): ChainAdapter {
  const name = `adapters[${index}]`
  if (!isRecord(value)) throw invalidOption(name, 'a chain adapter object', value)
  if (!isChainNamespace(value.namespace)) {
    throw invalidOption(
      `${name}.namespace`,
      'one of eip155, solana, polkadot, bip122, cosmos',
      value.namespace,
    )
  }
  for (const method of REQUIRED_METHODS) {
    if (typeof value[method] !== 'function')
      throw invalidOption(`${name}.${method}`, 'a function', value[method])
  }
  return value as unknown as ChainAdapter
}

/**
 * Builds the registry of the host's adapters.
 * @throws LatchkeyError INVALID_OPTIONS for an entry that is not an adapter, or two adapters of one namespace.
 */
export function createAdapterRegistry(adapters: readonly unknown[]): AdapterRegistry {
  const byNamespace = new Map<ChainNamespace, ChainAdapter>()
  adapters.forEach((value, index) => {
    const adapter = checkAdapter(value, index)
    if (byNamespace.has(adapter.namespace)) {
      throw new LatchkeyError(
        `Invalid option \`adapters\`: two adapters for namespace ${adapter.namespace}; the kit takes one adapter per namespace`,
        { code: 'INVALID_OPTIONS' },
      )
    }
    byNamespace.set(adapter.namespace, adapter)
  })
  return {
    namespaces: [...byNamespace.keys()],
    list: () => [...byNamespace.values()],
    get: (namespace) => byNamespace.get(namespace),
    getAdapter(namespace) {
      const adapter = byNamespace.get(namespace)
      if (!adapter) throw new LatchkeyError(Messages.adapterMissing(namespace), { code: 'ADAPTER_NOT_FOUND' })
      return adapter
    },
  }
}
