// WebSocket subscriptions of one connection: signature, account and slot notifications as a node sends them.

import { SystemProgram } from '@solana/web3.js'
import { ACCOUNT_ENCODINGS, accountJson } from './accounts-json.js'
import { invalidParams } from './errors.js'
import type { Ledger, LedgerEvent } from './ledger.js'
import { configAt, encodingOf, paramList, pubkeyAt, stringAt } from './params.js'

type Notify = (method: string, subscription: number, result: unknown) => void

interface Subscription {
  readonly kind: 'signature' | 'account' | 'slot'
  /** Handles a ledger event; returns true when the subscription is done (signatures notify once). */
  readonly onEvent: (event: LedgerEvent) => boolean
}

/** The subscription methods of one connection, plus `close()` to drop them all. */
export interface ConnectionSubscriptions {
  readonly methods: Record<string, (params: unknown) => unknown>
  close(): void
}

/**
 * Creates the subscription state of one WebSocket connection. `nextId` hands out ids unique across the
 * server; `notify` sends a notification frame.
 */
export function createSubscriptions(
  ledger: Ledger,
  nextId: () => number,
  notify: Notify,
): ConnectionSubscriptions {
  const subscriptions = new Map<number, Subscription>()
  const unsubscribeLedger = ledger.subscribe((event) => {
    for (const [id, subscription] of [...subscriptions]) {
      if (subscription.onEvent(event)) subscriptions.delete(id)
    }
  })
  const context = (slot: number) => ({ slot })

  const add = (subscription: Subscription) => {
    const id = nextId()
    subscriptions.set(id, subscription)
    return id
  }
  const remove = (kind: Subscription['kind']) => (params: unknown) => {
    const [id] = paramList(params)
    if (typeof id !== 'number' || subscriptions.get(id)?.kind !== kind) {
      throw invalidParams('Invalid subscription id.')
    }
    subscriptions.delete(id)
    return true
  }

  return {
    methods: {
      signatureSubscribe(params) {
        const list = paramList(params)
        const signature = stringAt(list, 0, 'signature')
        configAt(list, 1)
        const id = add({
          kind: 'signature',
          onEvent(event) {
            if (event.type !== 'transaction' || event.record.signature !== signature) return false
            notify('signatureNotification', id, {
              context: context(event.record.slot),
              value: { err: event.record.err },
            })
            return true
          },
        })
        // A signature that already landed is reported at once, after the subscription id reaches the client.
        const landed = ledger.record(signature)
        if (landed) {
          setImmediate(() => {
            if (!subscriptions.delete(id)) return
            notify('signatureNotification', id, { context: context(landed.slot), value: { err: landed.err } })
          })
        }
        return id
      },
      signatureUnsubscribe: remove('signature'),
      accountSubscribe(params) {
        const list = paramList(params)
        const address = pubkeyAt(list, 0, 'address')
        const encoding = encodingOf(configAt(list, 1), ACCOUNT_ENCODINGS, 'base58')
        const id = add({
          kind: 'account',
          onEvent(event) {
            if (event.type !== 'transaction' || !event.accounts.some((key) => key.equals(address)))
              return false
            const state = ledger.account(address)
            const value = state
              ? accountJson(ledger, state, encoding)
              : {
                  data: ['', 'base64'],
                  executable: false,
                  lamports: 0,
                  owner: SystemProgram.programId.toBase58(),
                  rentEpoch: 0,
                  space: 0,
                }
            notify('accountNotification', id, { context: context(event.record.slot), value })
            return false
          },
        })
        return id
      },
      accountUnsubscribe: remove('account'),
      slotSubscribe() {
        const id = add({
          kind: 'slot',
          onEvent(event) {
            if (event.type === 'slot')
              notify('slotNotification', id, { parent: event.slot - 1, root: event.slot, slot: event.slot })
            return false
          },
        })
        return id
      },
      slotUnsubscribe: remove('slot'),
    },
    close() {
      subscriptions.clear()
      unsubscribeLedger()
    },
  }
}
