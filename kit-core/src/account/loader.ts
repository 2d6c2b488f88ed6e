import { type ChunkLoader, createChunkLoader } from '../kit/chunk-loader.js'
import type { AccountDataDeps } from './account-data.js'
import type { AccountData } from './types.js'

/**
 * Loads the account data (`account-data.ts`, a chunk of its own) once: when the first account connects, or when
 * a view asks first. A failed load is tried again on the next call.
 */
export function createAccountDataLoader(
  deps: () => AccountDataDeps,
): ChunkLoader<AccountData & { dispose(): void }> {
  return createChunkLoader(() =>
    import('./account-data.js').then(
      ({ createAccountData }) =>
        () =>
          createAccountData(deps()),
    ),
  )
}
