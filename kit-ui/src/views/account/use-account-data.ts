import type { AccountData } from '@latchkey/core'
import { useEffect, useState } from 'preact/hooks'
import type { UiKit } from '../../kit/types.js'

/** The account's data (balances and activity) as a panel sees it. */
export interface AccountDataLoad {
  /** The loaded data; undefined while its code loads, or after a failure. */
  data: AccountData | undefined
  /** Its code failed to load (shown in the snackbar). */
  failed: boolean
  /** Tries the load again. */
  retry(): void
}

/**
 * Core's account data (`kit.controllers.account`): at once when core has loaded it (it does when an account
 * connects), else once `load()` resolves. A failure shows in the snackbar; `retry` asks again.
 */
export function useAccountData(kit: UiKit): AccountDataLoad {
  const loader = kit.controllers.account
  const [data, setData] = useState<AccountData | undefined>(() => loader.current())
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (data) return
    let live = true
    loader.load().then(
      (loaded) => {
        if (live) setData(loaded)
      },
      (error: unknown) => {
        if (!live) return
        setFailed(true)
        kit.controllers.snackbar.showError(error)
      },
    )
    return () => {
      live = false
    }
  }, [loader, data, attempt])
  return {
    data,
    failed: failed && !data,
    retry: () => {
      setFailed(false)
      setAttempt((n) => n + 1)
    },
  }
}
