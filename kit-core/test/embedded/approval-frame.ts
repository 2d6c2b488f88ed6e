/**
 * A frame that answers, for the kit's side of approvals: the frame's host over two fake windows ({@link windowPair}),
 * ready as soon as the page appends its iframe. `eth_getBalance` is a read answered at once; any other RPC request says
 * `required` and waits for the test (`decisions[n](true)` approves, `false` rejects with 4001) or for the kit's abort,
 * which `log` records as `frame dropped <method>`.
 */
import { createFrameHost, FrameHandlerError } from '../../src/embedded.js'
import { windowPair } from './windows.js'

export const PAGE_ORIGIN = 'http://127.0.0.1:5173'
export const FRAME_ORIGIN = 'http://localhost:5175'

export function approvalFrame(log: string[] = []) {
  const { page, frame } = windowPair(PAGE_ORIGIN, FRAME_ORIGIN)
  const decisions: ((approved: boolean) => void)[] = []
  const host = createFrameHost({
    parent: page,
    parentOrigin: PAGE_ORIGIN,
    window: frame,
    handle: async (request, context) => {
      if (request.type !== '@latchkey/embedded/RPC_REQUEST') return undefined
      const { method } = request.payload
      if (method === 'eth_getBalance') return { result: '0x1' }
      context.approval('required')
      const approved = await new Promise<boolean>((resolve) => {
        decisions.push(resolve)
        context.signal.addEventListener('abort', () => {
          log.push(`frame dropped ${method}`)
          resolve(false)
        })
      })
      context.approval('done')
      if (!approved) throw new FrameHandlerError('User rejected the request.', 4001)
      return { result: '0xsigned' }
    },
  })
  const element = { style: {}, setAttribute: () => undefined, remove: () => undefined, contentWindow: frame }
  const document = {
    body: { append: () => queueMicrotask(() => host.ready()) },
    createElement: () => element,
  } as unknown as Document
  return { page, document, host, decisions, log }
}
