import {
  CONNECT_EVENT_DATA_VERSION,
  CONNECT_EVENTS,
  CONNECT_INCLUDE_DATA,
  type EventNotification as EventNotificationInput,
  flagOr,
} from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { EventNotification } from './model.js'

/**
 * An envelope's `eventNotification` (its own webhook) read from the request into the domain (its
 * `notification`, and the top-level expiration folded into it, are read by templates/notification.ts, as
 * templates carry one too). It is stored as given for the lifecycle and webhook work to honour; what cannot be
 * honoured (an unknown event) is refused here rather than forgotten.
 */

const KNOWN_EVENTS: ReadonlySet<string> = new Set(CONNECT_EVENTS)
const KNOWN_INCLUDE_DATA: ReadonlySet<string> = new Set(CONNECT_INCLUDE_DATA)

/** `envelopeEventStatusCode: "Completed"` is the event `envelope-completed`. */
function statusCodeEvent(prefix: 'envelope' | 'recipient', code: string, field: string): string {
  const event = `${prefix}-${code.toLowerCase()}`
  if (!KNOWN_EVENTS.has(event)) throw new InvalidRequestError(`${field} "${code}" is not a supported event`)
  return event
}

/** Reads `eventNotification`; its `url` is checked against the Connect URL policy by the caller. */
export function eventNotificationOf(
  input: EventNotificationInput | undefined,
): EventNotification | undefined {
  if (!input) return undefined
  const path = 'eventNotification'
  const events = new Set<string>()
  input.events?.forEach((event, e) => {
    if (!KNOWN_EVENTS.has(event)) {
      throw new InvalidRequestError(
        `${path}.events[${e}] "${event}" is not a supported event (supported: ${CONNECT_EVENTS.join(', ')})`,
      )
    }
    events.add(event)
  })
  input.envelopeEvents?.forEach((event, e) => {
    events.add(
      statusCodeEvent(
        'envelope',
        event.envelopeEventStatusCode,
        `${path}.envelopeEvents[${e}].envelopeEventStatusCode`,
      ),
    )
  })
  input.recipientEvents?.forEach((event, e) => {
    events.add(
      statusCodeEvent(
        'recipient',
        event.recipientEventStatusCode,
        `${path}.recipientEvents[${e}].recipientEventStatusCode`,
      ),
    )
  })
  if (events.size === 0) {
    throw new InvalidRequestError(`${path} needs events (or envelopeEvents/recipientEvents) to deliver`)
  }
  const notification: EventNotification = {
    url: input.url,
    events: [...events],
    includeHMAC: flagOr(input.includeHMAC, false),
    requireAcknowledgment: flagOr(input.requireAcknowledgment, false),
    loggingEnabled: flagOr(input.loggingEnabled, false),
  }
  if (input.eventData) {
    const version = input.eventData.version ?? CONNECT_EVENT_DATA_VERSION
    if (version !== CONNECT_EVENT_DATA_VERSION) {
      throw new InvalidRequestError(`${path}.eventData.version must be ${CONNECT_EVENT_DATA_VERSION}`)
    }
    const format = input.eventData.format ?? 'json'
    if (format !== 'json') throw new InvalidRequestError(`${path}.eventData.format must be json`)
    const includeData = input.eventData.includeData ?? []
    includeData.forEach((item, i) => {
      if (!KNOWN_INCLUDE_DATA.has(item)) {
        throw new InvalidRequestError(
          `${path}.eventData.includeData[${i}] "${item}" is not supported (supported: ${CONNECT_INCLUDE_DATA.join(', ')})`,
        )
      }
    })
    notification.eventData = { version, format, includeData: [...includeData] }
  }
  return notification
}
