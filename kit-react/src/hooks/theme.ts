import type { ThemeMode, ThemeVariables, TrackedEvent } from '@latchkey/core'
import { useMemo } from 'react'
import { useKit } from '../components/provider.js'
import { useStore } from './use-store.js'

/** The theme and its setters (@throws LatchkeyError INVALID_OPTIONS for a wrong mode or unsafe variables). */
export function useLatchkeyTheme(): {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
} {
  const kit = useKit()
  const theme = useStore(kit.stores.theme)
  return useMemo(
    () => ({
      themeMode: theme.themeMode,
      themeVariables: theme.themeVariables,
      setThemeMode: (mode) => kit.setThemeMode(mode),
      setThemeVariables: (variables) => kit.setThemeVariables(variables),
    }),
    [kit, theme],
  )
}

/** The last event the kit tracked (`{ timestamp, data: { event, properties } }`), undefined before the first. */
export function useLatchkeyEvents(): TrackedEvent | undefined {
  return useStore(useKit().stores.lastEvent)
}
