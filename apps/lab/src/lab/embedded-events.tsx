// The embedded wallet's events as the kit reports them (`subscribeEvents`): what a dApp engineer watching the email
// login sees, and what the lab's tests read. Shown only on a page that can offer email login.
import type { TrackedEvent } from '@latchkey/core'
import type { LatchkeyKit } from '@latchkey/react'
import { useEffect, useState } from 'react'

/** At most this many events are kept on the page (the newest last). */
const KEPT = 200

type EmbeddedEvent = Extract<TrackedEvent['data'], { event: 'EMBEDDED_WALLET' }>

export function EmbeddedEvents(props: { kit: LatchkeyKit }) {
  const [events, setEvents] = useState<EmbeddedEvent['properties'][]>([])
  useEffect(
    () =>
      props.kit.subscribeEvents(({ data }) => {
        if (data.event === 'EMBEDDED_WALLET') setEvents((list) => [...list, data.properties].slice(-KEPT))
      }),
    [props.kit],
  )
  if (!props.kit.controllers.options.services.secureFrameUrl) return null
  return (
    <details className="lab-note">
      <summary>Embedded wallet events ({events.length})</summary>
      <ol data-testid="lab-embedded-events">
        {events.map((event, index) => (
          // The list only grows at its end (older entries dropped from the front keep their order).
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
          <li key={index} data-request={event.request} data-phase={event.phase}>
            {event.request} {event.phase}
            {event.message ? `: ${event.message}` : ''}
          </li>
        ))}
      </ol>
    </details>
  )
}
