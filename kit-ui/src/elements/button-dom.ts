// The buttons drawn with the DOM itself, not Preact: they are what a page shows up front, so the rendering library
// waits for the modal's chunk. The markup is the one the modal's images use (a `.tile` with the name's letter when
// there is no safe image, an `.avatar` on the address's gradient), and one <button> is kept and patched, so focus
// stays on it while its state changes.
import { ANY_IMAGE_HOST, isSafeImageUrl, isUnsupportedNetwork } from '@latchkey/core'
import { avatarGradient } from '../components/avatar-gradient.js'
import { networkImage } from '../components/network-image.js'
import { formatAddress, formatAmount } from '../format/address.js'
import type { UiKit } from '../kit/types.js'

/** The attributes `<latchkey-button>` takes (AppKit's names). */
export interface ButtonAttributes {
  size: 'md' | 'sm'
  label?: string
  loadingLabel?: string
  balance: 'show' | 'hide'
  disabled: boolean
}

/** What one drawing of a button is: its attributes, and its content as a key and a way to build it. */
interface ButtonLook {
  className: string
  testId: string
  disabled: boolean
  busy: boolean
  /** Equal keys mean equal content: the content is rebuilt only when the key changes. */
  key: string
  content: (doc: Document) => Node[]
  onClick: () => void
}

function span(doc: Document, className: string, children: (Node | string)[] = []): HTMLSpanElement {
  const element = doc.createElement('span')
  element.className = className
  element.append(...children)
  return element
}

/** An image only from a URL that passes core's rule; `onFailed` replaces it when it does not load. */
function image(doc: Document, src: string, onFailed: (img: HTMLImageElement) => void): HTMLImageElement {
  const img = doc.createElement('img')
  img.alt = ''
  img.referrerPolicy = 'no-referrer'
  img.addEventListener('error', () => onFailed(img), { once: true })
  img.src = src
  return img
}

/** A network's or wallet's image, else the name's first letter as text. */
function tile(doc: Document, src: string | undefined, name: string, size: number): HTMLSpanElement {
  const letter = (name.trim()[0] ?? '?').toUpperCase()
  const element = span(doc, 'tile')
  element.style.width = `${size}px`
  element.style.height = `${size}px`
  element.setAttribute('aria-hidden', 'true')
  element.append(
    isSafeImageUrl(src, ANY_IMAGE_HOST) ? image(doc, src, (img) => img.replaceWith(letter)) : letter,
  )
  return element
}

/** An account's avatar: its profile image when safe, over a gradient drawn from the address. */
function avatar(
  doc: Document,
  address: string,
  src: string | null | undefined,
  size: number,
): HTMLSpanElement {
  const element = span(doc, 'avatar')
  element.style.width = `${size}px`
  element.style.height = `${size}px`
  element.style.background = avatarGradient(address)
  element.setAttribute('aria-hidden', 'true')
  if (isSafeImageUrl(src, ANY_IMAGE_HOST)) element.append(image(doc, src, (img) => img.remove()))
  return element
}

function setFlag(element: Element, name: string, on: boolean): void {
  if (on) element.setAttribute(name, 'true')
  else element.removeAttribute(name)
}

/** Keeps one <button> in `root` and draws `look()` into it now and whenever the kit's state changes. */
function drawButton(kit: UiKit, root: ShadowRoot, look: () => ButtonLook): { redraw(): void; stop(): void } {
  const doc = root.ownerDocument
  const button = doc.createElement('button')
  button.type = 'button'
  let current: ButtonLook | undefined
  button.addEventListener('click', () => current?.onClick())
  const redraw = () => {
    const next = look()
    button.className = next.className
    button.setAttribute('data-testid', next.testId)
    button.disabled = next.disabled
    // Busy, the button stays focusable (aria-disabled, not disabled): a disabled button drops the focus to the
    // page, and the modal would have nothing to give it back to on close.
    setFlag(button, 'aria-disabled', next.busy)
    setFlag(button, 'aria-busy', next.busy)
    if (next.key !== current?.key) button.replaceChildren(...next.content(doc))
    current = next
  }
  root.append(button)
  redraw()
  const stops = [kit.controllers.chain.state.subscribe(redraw), kit.controllers.modal.state.subscribe(redraw)]
  return {
    redraw,
    stop() {
      for (const stop of stops) stop()
      button.remove()
    },
  }
}

/** `<latchkey-button>`: Connect Wallet while disconnected, else the account with its balance and avatar. */
export function drawConnectOrAccountButton(kit: UiKit, root: ShadowRoot, attrs: () => ButtonAttributes) {
  return drawButton(kit, root, () => {
    const chain = kit.controllers.chain.state.get()
    const modal = kit.controllers.modal.state.get()
    const { size: sizeAttr, label, loadingLabel, balance, disabled } = attrs()
    const account = chain.activeNamespace ? chain.namespaces[chain.activeNamespace]?.account : undefined
    const size = sizeAttr === 'sm' ? 'sm' : ''
    // A remembered account (reconnecting after a reload) is shown as the account, busy until the wallet answers.
    const reconnecting = account?.status === 'connecting' && Boolean(account.address)
    if ((account?.status === 'connected' || reconnecting) && account?.address) {
      const { address, profileImage } = account
      const amount =
        !reconnecting && balance !== 'hide' && account.balance !== undefined
          ? `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trimEnd()
          : undefined
      const name = account.profileName || formatAddress(address)
      return {
        className: `btn account ${size} ${amount === undefined ? 'no-balance' : ''}`,
        testId: 'account-button',
        disabled,
        busy: reconnecting,
        key: JSON.stringify(['account', amount, name, address, profileImage]),
        content: (doc) => [
          ...(amount === undefined ? [] : [span(doc, 'balance', [amount])]),
          span(doc, 'address', [avatar(doc, address, profileImage, 20), name]),
        ],
        onClick: () => {
          if (!reconnecting) void kit.open()
        },
      }
    }
    const busy = modal.loading || account?.status === 'connecting'
    const text = busy ? (loadingLabel ?? kit.t('connecting')) : (label ?? kit.t('connectWallet'))
    return {
      className: `btn connect ${size}`,
      testId: 'connect-button',
      disabled,
      busy,
      key: JSON.stringify(['connect', busy, text]),
      content: (doc) => {
        if (!busy) return [doc.createTextNode(text)]
        const spinner = span(doc, 'spinner')
        spinner.setAttribute('aria-hidden', 'true')
        return [spinner, doc.createTextNode(text)]
      },
      onClick: () => {
        if (!busy) void kit.open({ view: 'Connect' })
      },
    }
  })
}

/** `<latchkey-network-button>`: the active network; opens the network list. */
export function drawNetworkButton(kit: UiKit, root: ShadowRoot, disabled: () => boolean) {
  return drawButton(kit, root, () => {
    const network = kit.controllers.chain.state.get().activeCaipNetwork
    const unsupported = network !== undefined && isUnsupportedNetwork(network)
    const label = !network ? kit.t('network') : unsupported ? kit.t('switchNetwork') : network.name
    const src = networkImage(kit.controllers.options.chainImages, network)
    return {
      className: `btn network ${unsupported ? 'unsupported' : ''}`,
      testId: 'network-button',
      disabled: disabled(),
      busy: false,
      key: JSON.stringify([label, src]),
      content: (doc) => {
        const holder = span(doc, 'avatar', [tile(doc, src, label, 24)])
        holder.style.width = '24px'
        holder.style.height = '24px'
        return [holder, span(doc, 'label', [label])]
      },
      onClick: () => void kit.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' }),
    }
  })
}
