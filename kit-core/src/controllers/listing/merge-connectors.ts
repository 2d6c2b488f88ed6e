import { type Connector, ConnectorIds } from '../../adapter/connectors.js'
import type { CaipNetworkId, ChainNamespace } from '../../caip/caip.js'
import type { ConnectorEntry } from './listing-types.js'

/** The namespaces the embedded wallet serves (SPEC §1). */
export const AUTH_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']

function groupKey(connector: Connector): string {
  if (connector.id === ConnectorIds.auth) return 'auth'
  if (connector.id === ConnectorIds.walletConnect || connector.type === 'WALLET_CONNECT')
    return 'walletConnect'
  return connector.name ? `name:${connector.name}` : `id:${connector.id}`
}

function unionChains(members: readonly Connector[]): CaipNetworkId[] | undefined {
  const chains = members.flatMap((member) => member.chains ?? [])
  return chains.length > 0 ? [...new Set(chains)] : undefined
}

function mergedEntry(members: readonly Connector[], type: ConnectorEntry['type']): ConnectorEntry {
  const first = members[0] as Connector
  const entry: ConnectorEntry = {
    id: first.id,
    name: first.name,
    type,
    chain: first.chain,
    connectors: members,
  }
  const imageUrl = members.find((m) => m.imageUrl)?.imageUrl
  if (imageUrl) entry.imageUrl = imageUrl
  const imageId = members.find((m) => m.imageId)?.imageId
  if (imageId) entry.imageId = imageId
  const explorerId = members.find((m) => m.explorerId)?.explorerId
  if (explorerId) entry.explorerId = explorerId
  const info = members.find((m) => m.info?.rdns)?.info
  if (info) entry.info = info
  const chains = unionChains(members)
  if (chains) entry.chains = chains
  return entry
}

/**
 * Merges the connectors every adapter reports into the entries the Connect view lists (SPEC §1): connectors
 * with the same name on several namespaces become one MULTI_CHAIN entry listing each namespace's connector;
 * the embedded wallet (id 'ID_AUTH') becomes one AUTH entry on eip155 and solana only; WalletConnect, one
 * entry per namespace, becomes one WALLET_CONNECT entry. A second connector of the same name on the same
 * namespace is dropped (the first wins). Order: where each entry first appears. Never throws.
 */
export function mergeConnectors(connectors: readonly Connector[]): ConnectorEntry[] {
  const groups = new Map<string, Connector[]>()
  for (const connector of connectors) {
    const key = groupKey(connector)
    const members = groups.get(key) ?? []
    if (!members.some((member) => member.chain === connector.chain)) members.push(connector)
    groups.set(key, members)
  }
  const entries: ConnectorEntry[] = []
  for (const [key, members] of groups) {
    const first = members[0]
    if (!first) continue
    if (key === 'auth') {
      const authMembers = members.filter((member) => AUTH_NAMESPACES.includes(member.chain))
      if (authMembers.length > 0) entries.push(mergedEntry(authMembers, 'AUTH'))
    } else if (members.length === 1) {
      entries.push(first)
    } else {
      entries.push(mergedEntry(members, key === 'walletConnect' ? 'WALLET_CONNECT' : 'MULTI_CHAIN'))
    }
  }
  return entries
}

/** The connectors an entry stands for: its members for a merged entry, else the entry itself. */
export function entryMembers(entry: ConnectorEntry): readonly Connector[] {
  return entry.connectors ?? [entry]
}
