/**
 * Puts a stylesheet into a shadow root in a way a strict Content-Security-Policy allows: a constructed stylesheet
 * (`adoptedStyleSheets`), which `style-src` does not govern, so a page with `style-src 'self'` and no
 * `'unsafe-inline'` still gets a styled kit. Where constructed stylesheets are missing (Safari before 16.4), a
 * `<style>` element carrying the host's `cspNonce` (the page's CSP must list that nonce). One constructed sheet per
 * document and text is shared by every root that adopts it. Returns what takes the sheet out again.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): () => void {
  const doc = root.ownerDocument
  const sheet = constructedSheet(doc, css)
  if (sheet) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  const style = doc.createElement('style')
  if (nonce) style.nonce = nonce
  style.textContent = css
  root.append(style)
  return () => style.remove()
}

const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>()

/** The document's constructed sheet of `css` (made once), or undefined where the browser cannot construct one. */
function constructedSheet(doc: Document, css: string): CSSStyleSheet | undefined {
  const view = doc.defaultView as (Window & typeof globalThis) | null
  const Sheet = view?.CSSStyleSheet
  if (!Sheet || !('adoptedStyleSheets' in view.ShadowRoot.prototype) || !('replaceSync' in Sheet.prototype))
    return undefined
  let byText = sheets.get(doc)
  if (!byText) {
    byText = new Map()
    sheets.set(doc, byText)
  }
  let sheet = byText.get(css)
  if (!sheet) {
    try {
      sheet = new Sheet()
      sheet.replaceSync(css)
    } catch {
      return undefined
    }
    byText.set(css, sheet)
  }
  return sheet
}
