/**
 * The visitor's approvals, one at a time: each request of the approval list is described, the kit is told the frame
 * must be shown, the approval card waits for a real, visible click (the guard), and the kit is told it is decided.
 * Malformed params are refused before anything is shown.
 */
import { type FrameHandlerContext, FrameHandlerError } from '@latchkey/core/embedded'
import {
  type ApprovalChain,
  type ApprovalDapp,
  ApprovalDecodeError,
  createApprovalGuard,
  describeRequest,
  renderApproval,
} from '../approval/index.js'
import type { FrameNetwork } from './config.js'

/** What the approval card shows around the request: the dApp (SYNC_DAPP_DATA) and the theme (SYNC_THEME). */
export interface ApprovalLook {
  dapp: ApprovalDapp
  theme: 'light' | 'dark'
  themeVariables?: Record<string, string | number>
}

interface ApprovalAsk {
  method: string
  params: unknown
  network: FrameNetwork
  account: string
}

export interface Approvals {
  /** Resolves true when the visitor approved, false when they rejected. @throws for params that cannot be shown. */
  ask(request: ApprovalAsk, context: Pick<FrameHandlerContext, 'approval' | 'signal'>): Promise<boolean>
}

function approvalChain(network: FrameNetwork): ApprovalChain {
  const [namespace, reference] = network.caipNetworkId.split(':') as ['eip155' | 'solana', string]
  return {
    namespace,
    reference,
    name: network.name,
    nativeSymbol: network.nativeSymbol,
    nativeDecimals: network.nativeDecimals,
  }
}

export function createApprovals(root: HTMLElement, look: () => ApprovalLook): Approvals {
  let queue: Promise<unknown> = Promise.resolve()
  const show = (request: ApprovalAsk, context: Pick<FrameHandlerContext, 'approval' | 'signal'>) =>
    new Promise<boolean>((resolve, reject) => {
      let summary: ReturnType<typeof describeRequest>
      try {
        summary = describeRequest({
          method: request.method,
          params: request.params,
          chain: approvalChain(request.network),
          account: request.account,
        })
      } catch (error) {
        if (error instanceof ApprovalDecodeError) return reject(new FrameHandlerError(error.message, -32602))
        return reject(error)
      }
      if (context.signal.aborted) return reject(new FrameHandlerError('Request was aborted'))
      const current = look()
      const elements = renderApproval(root, { summary, ...current })
      let settled = false
      const finish = (approved: boolean) => {
        if (settled) return
        settled = true
        guard.destroy()
        elements.destroy()
        context.signal.removeEventListener('abort', onAbort)
        context.approval('done')
        resolve(approved)
      }
      const onAbort = () => finish(false)
      const guard = createApprovalGuard({
        container: elements.container,
        approve: elements.approve,
        reject: elements.reject,
        onApprove: () => finish(true),
        onReject: () => finish(false),
      })
      context.signal.addEventListener('abort', onAbort, { once: true })
      context.approval('required')
    })
  return {
    ask(request, context) {
      const turn = queue.then(() => show(request, context))
      queue = turn.catch(() => undefined)
      return turn
    },
  }
}
