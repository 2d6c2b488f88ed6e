import type { ComponentChildren, RefObject } from 'preact'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { UiKit } from '../kit/types.js'
import { adoptStyles } from '../styles/adopt.js'

/** One lazily loaded group of views: its module once loaded on this page, and the shadow roots that hold its styles. */
export interface ViewChunk<M> {
  module?: M
  readonly styled: WeakSet<Node>
}

export const viewChunk = <M,>(): ViewChunk<M> => ({ styled: new WeakSet() })

/**
 * A chunk of views and the core controller they need, loaded together the first time one of them renders while
 * `enabled`; the chunk's stylesheet joins the modal's shadow root before its first view shows. Once both are loaded
 * on the page, later renders have them at once. A failed load shows its error in the snackbar.
 */
export function useViewChunk<M, C>(
  kit: UiKit,
  input: {
    enabled: boolean
    chunk: ViewChunk<M>
    load: () => Promise<M>
    controller: { current(): C | undefined; load(): Promise<C> } | undefined
    css: (module: M) => string
  },
): { holder: RefObject<HTMLDivElement>; loaded: { module: M; controller: C } | undefined } {
  const { chunk, controller } = input
  const holder = useRef<HTMLDivElement>(null)
  const [loaded, setLoaded] = useState<{ module: M; controller: C } | undefined>(() => {
    const current = controller?.current()
    return chunk.module && current ? { module: chunk.module, controller: current } : undefined
  })
  useEffect(() => {
    if (!input.enabled || !controller || loaded) return
    let live = true
    Promise.all([input.load(), controller.load()])
      .then(([module, loadedController]) => {
        chunk.module = module
        if (live) setLoaded({ module, controller: loadedController })
      })
      .catch((error: unknown) => kit.controllers.snackbar.showError(error))
    return () => {
      live = false
    }
  }, [input.enabled, controller, loaded])
  useLayoutEffect(() => {
    const root = holder.current?.getRootNode()
    if (!loaded || !root || !('host' in root) || chunk.styled.has(root)) return
    chunk.styled.add(root)
    adoptStyles(root as ShadowRoot, input.css(loaded.module), kit.controllers.options.cspNonce)
  }, [loaded])
  return { holder, loaded }
}

/** The spinner a lazily loaded view shows until its chunk is there. */
export function ChunkLoading(props: { kit: UiKit; testId: string; holder: RefObject<HTMLDivElement> }) {
  return (
    <div class="more" data-testid={props.testId} ref={props.holder}>
      <span class="spinner large" role="status" aria-label={props.kit.t('loading')} />
    </div>
  )
}

/** The loaded views, inside the element whose shadow root got the chunk's styles. */
export function ChunkHolder(props: { holder: RefObject<HTMLDivElement>; children: ComponentChildren }) {
  return <div ref={props.holder}>{props.children}</div>
}
