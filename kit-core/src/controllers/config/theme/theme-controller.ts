import { createStore, type StateStore } from '../../../kit/store.js'
import {
  type CssVariables,
  DEFAULT_THEME_MODE,
  type ThemeMode,
  type ThemeVariables,
  themeToCssVariables,
  validateThemeMode,
  validateThemeVariables,
} from './theme.js'

/** SPEC §3 "Theme". */
export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export interface ThemeControllerDeps {
  /** The host's options (already validated by resolveOptions, checked again here). */
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
}

/**
 * The theme (SPEC §9.29, §9.30): the mode (default dark) and the host's variables, and the CSS custom
 * properties they make. @throws LatchkeyError INVALID_OPTIONS from the factory and the setters for a wrong
 * mode or unsafe variables; the state is unchanged then.
 */
export function createThemeController(deps: ThemeControllerDeps = {}) {
  const state: StateStore<ThemeState> = createStore<ThemeState>({
    themeMode: deps.themeMode === undefined ? DEFAULT_THEME_MODE : validateThemeMode(deps.themeMode),
    themeVariables: deps.themeVariables === undefined ? {} : validateThemeVariables(deps.themeVariables),
  })

  return {
    state,
    /** Sets the mode. @throws LatchkeyError INVALID_OPTIONS for anything but 'light' or 'dark'. */
    setThemeMode(mode: ThemeMode): void {
      state.patch({ themeMode: validateThemeMode(mode) })
    },
    /**
     * Merges variables into the current ones (a variable set to undefined goes back to its default).
     * @throws LatchkeyError INVALID_OPTIONS for an unknown key or an unsafe value.
     */
    setThemeVariables(variables: ThemeVariables): void {
      const checked = validateThemeVariables(variables)
      const next: Record<string, unknown> = { ...state.get().themeVariables, ...checked }
      for (const [key, value] of Object.entries(variables)) if (value === undefined) delete next[key]
      state.patch({ themeVariables: next as ThemeVariables })
    },
    /** The CSS custom properties of the current theme. */
    getCssVariables(): CssVariables {
      const { themeMode, themeVariables } = state.get()
      return themeToCssVariables(themeMode, themeVariables)
    },
  }
}

/** What {@link createThemeController} returns. */
export type ThemeController = ReturnType<typeof createThemeController>
