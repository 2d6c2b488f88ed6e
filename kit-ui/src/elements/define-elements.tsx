import { type ThemeState, themeToCssVariables } from '@latchkey/core'
import { type ComponentChild, render } from 'preact'
import { findKit, KITS_CHANGED_EVENT } from '../kit/registry.js'
import type { UiKit } from '../kit/types.js'
import { BASE_CSS } from '../styles/base-css.js'
import { BUTTON_CSS } from '../styles/button-css.js'
import { applyThemeToHost } from '../theme/apply-theme.js'
import { ConnectOrAccountButton, NetworkButton } from './button-views.js'
import { LazyModal } from './lazy-modal.js'

/** The custom elements' names. */
export const ELEMENT_NAMES = {
  modal: 'latchkey-modal',
  button: 'latchkey-button',
  networkButton: 'latchkey-network-button',
} as const

type View = (kit: UiKit, element: HTMLElement) => ComponentChild

/**
 * Defines `<latchkey-modal>`, `<latchkey-button>` and `<latchkey-network-button>` in `win` unless they are
 * already defined (a second kit, or a second copy of this package, reuses them). Each element renders with
 * Preact into its own open shadow root, finds its kit by its `kit` attribute (or the page's only kit), carries
 * that kit's theme as `--lk-*` custom properties, and follows theme changes without being rebuilt.
 */
export function defineLatchkeyElements(win: Window & typeof globalThis): void {
  const registry = win.customElements
  const Base = win.HTMLElement

  class LatchkeyElement extends Base {
    static observedAttributes = ['kit', 'size', 'label', 'loadinglabel', 'balance', 'disabled']
    #root: ShadowRoot | undefined
    #kit: UiKit | undefined
    #stopTheme: (() => void) | undefined
    #themed: string[] = []
    readonly #onKits = () => this.#bind()

    /** What this element renders for its kit. */
    protected view: View = () => null
    protected css = ''

    connectedCallback(): void {
      this.#root ??= this.attachShadow({ mode: 'open' })
      this.ownerDocument.addEventListener(KITS_CHANGED_EVENT, this.#onKits)
      this.#bind()
    }

    disconnectedCallback(): void {
      this.ownerDocument.removeEventListener(KITS_CHANGED_EVENT, this.#onKits)
      this.#unbind()
      if (this.#root) render(null, this.#root)
    }

    attributeChangedCallback(name: string): void {
      if (name === 'kit') this.#bind()
      else this.#render()
    }

    #unbind(): void {
      this.#stopTheme?.()
      this.#stopTheme = undefined
      this.#kit = undefined
    }

    #bind(): void {
      if (!this.isConnected) return
      const kit = findKit(this.ownerDocument, this.getAttribute('kit'))
      if (kit === this.#kit) return
      this.#unbind()
      this.#kit = kit
      if (kit) {
        const theme = kit.controllers.theme
        const apply = (state: ThemeState) => {
          this.#themed = applyThemeToHost(
            this,
            state.themeMode,
            themeToCssVariables(state.themeMode, state.themeVariables),
            this.#themed,
          )
        }
        apply(theme.state.get())
        this.#stopTheme = theme.state.subscribe(apply)
      }
      this.#render()
    }

    #render(): void {
      if (!this.#root) return
      const kit = this.#kit
      render(
        kit ? (
          <>
            <style>{BASE_CSS + this.css}</style>
            {this.view(kit, this)}
          </>
        ) : null,
        this.#root,
      )
    }
  }

  class ModalElement extends LatchkeyElement {
    protected override view: View = (kit) => (
      <LazyModal kit={kit} embedded={kit.controllers.modal.mount === 'embedded'} />
    )
  }

  class ButtonElement extends LatchkeyElement {
    protected override css = BUTTON_CSS
    protected override view: View = (kit, el) => (
      <ConnectOrAccountButton
        kit={kit}
        attrs={{
          size: el.getAttribute('size') === 'sm' ? 'sm' : 'md',
          label: el.getAttribute('label') ?? undefined,
          loadingLabel: el.getAttribute('loadingLabel') ?? undefined,
          balance: el.getAttribute('balance') === 'hide' ? 'hide' : 'show',
          disabled: el.hasAttribute('disabled'),
        }}
      />
    )
  }

  class NetworkButtonElement extends LatchkeyElement {
    protected override css = BUTTON_CSS
    protected override view: View = (kit, el) => (
      <NetworkButton kit={kit} disabled={el.hasAttribute('disabled')} />
    )
  }

  const definitions: [string, CustomElementConstructor][] = [
    [ELEMENT_NAMES.modal, ModalElement],
    [ELEMENT_NAMES.button, ButtonElement],
    [ELEMENT_NAMES.networkButton, NetworkButtonElement],
  ]
  for (const [name, element] of definitions) if (!registry.get(name)) registry.define(name, element)
}
