import { ENVELOPE_STATUSES } from 'esign-contract'

/**
 * DocuSign's `ConnectLog.status` is the envelope's status, not the event: read it from the payload
 * sent (`data.envelopeSummary.status`), else from the event when it names one (`envelope-voided`).
 */
export function envelopeStatusOf(payload: string | null, event: string): string | undefined {
  const fromPayload = statusInPayload(payload)
  if (fromPayload !== undefined) return fromPayload
  const named = event.startsWith('envelope-') ? event.slice('envelope-'.length) : undefined
  return named !== undefined && (ENVELOPE_STATUSES as readonly string[]).includes(named) ? named : undefined
}

function statusInPayload(payload: string | null): string | undefined {
  if (payload === null) return undefined
  try {
    const status = (JSON.parse(payload) as { data?: { envelopeSummary?: { status?: unknown } } }).data
      ?.envelopeSummary?.status
    return typeof status === 'string' ? status : undefined
  } catch {
    // Not JSON (nothing else is sent today): the event decides.
    return undefined
  }
}
