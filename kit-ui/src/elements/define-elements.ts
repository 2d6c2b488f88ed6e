import { type ThemeState, themeToCssVariables } from '@latchkey/core'
import { findKit, KITS_CHANGED_EVENT } from '../kit/registry.js'
import type { UiKit } from '../kit/types.js'
import { adoptStyles } from '../styles/adopt.js'
import { BASE_CSS } from '../styles/base-css.js'
import { BUTTON_CSS } from '../styles/button-css.js'
import { applyThemeToHost } from '../theme/apply-theme.js'
import { drawConnectOrAccountButton, drawNetworkButton } from './button-dom.js'

/** The custom elements' names. */
export const ELEMENT_NAMES = {
  modal: 'latchkey-modal',
  button: 'latchkey-button',
  networkButton: 'latchkey-network-button',
} as const

/** What an element shows for its kit: `redraw` follows attribute changes, `stop` takes it all down. */
interface Mounted {
  redraw?(): void
  stop(): void
}

/**
 * Loads the modal's chunk when the modal is wanted (open or loading), or earlier when the page is idle; then also
 * the wallet listing's first lists, so a click opens the modal without waiting for the network.
 */
function mountLazyModal(kit: UiKit, root: ShadowRoot): Mounted {
  const { modal } = kit.controllers
  const embedded = modal.mount === 'embedded'
  let unmount: (() => void) | undefined
  let live = true
  const preload = () => {
    void kit
      .loadControllers()
      .then(() => kit.controllers.listing.prefetch())
      .catch(() => undefined)
      .then(() => load(true))
  }
  // The modal's views read every controller: its chunk mounts once the kit's late controllers are there too.
  const load = (warm = false) => {
    void Promise.all([import('../modal/modal-host.js'), kit.loadControllers()]).then(([module]) => {
      if (!live) return
      if (!unmount) unmount = module.mountModal(root, kit, embedded)
      // Only while idle and still closed: the lists are in, so the warm-up lays out what the first open shows.
      if (warm && !wanted()) module.warmModal(root, kit)
    })
  }
  const wanted = () => modal.state.get().open || modal.state.get().loading
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback
  const cancelIdle = (globalThis as { cancelIdleCallback?: (handle: number) => void }).cancelIdleCallback
  let handle: number | ReturnType<typeof setTimeout> | undefined
  let stopWatching: (() => void) | undefined
  if (wanted()) load()
  else {
    handle = idle ? idle(preload) : setTimeout(preload, 1500)
    stopWatching = modal.state.subscribe(() => {
      if (!wanted()) return
      stopWatching?.()
      stopWatching = undefined
      load()
    })
  }
  return {
    stop() {
      live = false
      stopWatching?.()
      if (handle !== undefined) {
        if (idle && cancelIdle) cancelIdle(handle as number)
        else clearTimeout(handle as ReturnType<typeof setTimeout>)
      }
      unmount?.()
    },
  }
}

/**
 * Defines `<latchkey-modal>`, `<latchkey-button>` and `<latchkey-network-button>` in `win` unless they are
 * already defined (a second kit, or a second copy of this package, reuses them). Each element renders into its
 * own open shadow root, finds its kit by its `kit` attribute (or the page's only kit), carries that kit's theme
 * as `--lk-*` custom properties, and follows theme changes without being rebuilt. The buttons are drawn with the
 * DOM; the modal renders with Preact from its own chunk.
 */
export function defineLatchkeyElements(win: Window & typeof globalThis): void {
  const registry = win.customElements
  const Base = win.HTMLElement

  class LatchkeyElement extends Base {
    static observedAttributes = ['kit', 'size', 'label', 'loadinglabel', 'balance', 'disabled']
    #root: ShadowRoot | undefined
    #kit: UiKit | undefined
    #stopTheme: (() => void) | undefined
    #mounted: Mounted | undefined
    #themed: string[] = []
    readonly #onKits = () => this.#bind()

    /** Shows this element for `kit` in `root`. */
    protected mount(_kit: UiKit, _root: ShadowRoot): Mounted {
      return { stop: () => undefined }
    }

    connectedCallback(): void {
      this.#root ??= this.attachShadow({ mode: 'open' })
      this.ownerDocument.addEventListener(KITS_CHANGED_EVENT, this.#onKits)
      this.#bind()
    }

    disconnectedCallback(): void {
      this.ownerDocument.removeEventListener(KITS_CHANGED_EVENT, this.#onKits)
      this.#unbind()
    }

    attributeChangedCallback(name: string): void {
      if (name === 'kit') this.#bind()
      else this.#mounted?.redraw?.()
    }

    #unbind(): void {
      this.#stopTheme?.()
      this.#stopTheme = undefined
      this.#mounted?.stop()
      this.#mounted = undefined
      this.#root?.replaceChildren()
      this.#kit = undefined
    }

    #bind(): void {
      if (!this.isConnected) return
      const kit = findKit(this.ownerDocument, this.getAttribute('kit'))
      if (kit === this.#kit) return
      this.#unbind()
      this.#kit = kit
      if (!kit || !this.#root) return
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
      this.#mounted = this.mount(kit, this.#root)
    }
  }

  class ModalElement extends LatchkeyElement {
    protected override mount(kit: UiKit, root: ShadowRoot): Mounted {
      return mountLazyModal(kit, root)
    }
  }

  /** The button elements' stylesheet, then what `draw` keeps in the root. */
  const withButtonCss = (kit: UiKit, root: ShadowRoot, draw: () => Mounted): Mounted => {
    const removeStyles = adoptStyles(root, BASE_CSS + BUTTON_CSS, kit.controllers.options.cspNonce)
    const drawn = draw()
    return {
      ...(drawn.redraw ? { redraw: drawn.redraw } : {}),
      stop() {
        drawn.stop()
        removeStyles()
      },
    }
  }

  class ButtonElement extends LatchkeyElement {
    protected override mount(kit: UiKit, root: ShadowRoot): Mounted {
      return withButtonCss(kit, root, () =>
        drawConnectOrAccountButton(kit, root, () => ({
          size: this.getAttribute('size') === 'sm' ? 'sm' : 'md',
          label: this.getAttribute('label') ?? undefined,
          loadingLabel: this.getAttribute('loadingLabel') ?? undefined,
          balance: this.getAttribute('balance') === 'hide' ? 'hide' : 'show',
          disabled: this.hasAttribute('disabled'),
        })),
      )
    }
  }

  class NetworkButtonElement extends LatchkeyElement {
    protected override mount(kit: UiKit, root: ShadowRoot): Mounted {
      return withButtonCss(kit, root, () => drawNetworkButton(kit, root, () => this.hasAttribute('disabled')))
    }
  }

  const definitions: [string, CustomElementConstructor][] = [
    [ELEMENT_NAMES.modal, ModalElement],
    [ELEMENT_NAMES.button, ButtonElement],
    [ELEMENT_NAMES.networkButton, NetworkButtonElement],
  ]
  for (const [name, element] of definitions) if (!registry.get(name)) registry.define(name, element)
}
