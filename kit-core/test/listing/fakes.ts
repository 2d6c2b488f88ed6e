import type { Connector } from '../../src/adapter/connectors.js'
import type {
  GetWalletsParams,
  GetWalletsResult,
  ProviderApi,
  WalletListing,
} from '../../src/services/types.js'

/** A listing entry with realistic fields. */
export function wallet(n: number, overrides: Partial<WalletListing> = {}): WalletListing {
  return {
    id: `wallet-${n}`,
    name: `Wallet ${n}`,
    image_id: `image-${n}`,
    rdns: `com.wallet${n}`,
    mobile_link: `wallet${n}://`,
    chains: ['eip155:1'],
    ...overrides,
  }
}

export function connector(overrides: Partial<Connector> & Pick<Connector, 'id'>): Connector {
  return { name: overrides.id, type: 'INJECTED', chain: 'eip155', ...overrides }
}

export interface FakeProviderApi extends Pick<ProviderApi, 'getWallets' | 'getWalletImage'> {
  calls: GetWalletsParams[]
  imageCalls: string[]
}

/**
 * A Provider API over a fixed catalogue, answering getWallets as the service does: include narrows, exclude
 * removes, chains keeps wallets serving one, search matches names, then the page of `entries`.
 */
export function fakeProviderApi(
  catalogue: readonly WalletListing[],
  behaviour: {
    getWallets?: (params: GetWalletsParams) => Promise<GetWalletsResult> | undefined
    getWalletImage?: (id: string) => Promise<string | undefined>
  } = {},
): FakeProviderApi {
  const calls: GetWalletsParams[] = []
  const imageCalls: string[] = []
  return {
    calls,
    imageCalls,
    async getWallets(params) {
      calls.push(params)
      const custom = behaviour.getWallets?.(params)
      if (custom) return custom
      let list = [...catalogue]
      if (params.include) list = list.filter((w) => params.include?.includes(w.id))
      if (params.exclude) list = list.filter((w) => !params.exclude?.includes(w.id))
      if (params.chains) list = list.filter((w) => w.chains?.some((c) => params.chains?.includes(c)))
      const search = params.search?.toLowerCase()
      if (search) list = list.filter((w) => w.name.toLowerCase().includes(search))
      const start = (params.page - 1) * params.entries
      return { data: list.slice(start, start + params.entries), count: list.length }
    },
    async getWalletImage(id) {
      imageCalls.push(id)
      return behaviour.getWalletImage ? behaviour.getWalletImage(id) : `blob:https://app.example/${id}`
    },
  }
}
