import type { AccountDataDeps } from './account-data.js'
import type { AccountData, AccountDataLoader } from './types.js'

/**
 * Loads the account data (`account-data.ts`, a chunk of its own) once: when the first account connects, or when
 * a view asks first. A failed load is tried again on the next call.
 */
export function createAccountDataLoader(
  deps: () => AccountDataDeps,
): AccountDataLoader & { dispose(): void } {
  let data: (AccountData & { dispose(): void }) | undefined
  let loading: Promise<AccountData> | undefined
  let disposed = false
  const load = (): Promise<AccountData> => {
    loading ??= import('./account-data.js').then(
      ({ createAccountData }) => {
        if (!data && !disposed) data = createAccountData(deps())
        if (!data) throw new Error('The kit was destroyed')
        return data
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    current: () => data,
    load,
    dispose() {
      disposed = true
      data?.dispose()
    },
  }
}
