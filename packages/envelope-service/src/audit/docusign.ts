import { type Static, Type } from '@sinclair/typebox'
import type { ChainedAuditRecord } from './chain.js'

/**
 * `GET .../envelopes/{envelopeId}/audit_events` in DocuSign's shape: each event a list of name/value
 * pairs with DocuSign's names (`logTime`, `Source`, `UserName`, `UserId`, `Action`, `Message`,
 * `EnvelopeStatus`, `ClientIPAddress`, `Information`, `GeoLocation`, `Language`). Absent values are
 * empty strings, as DocuSign sends them. Extra pairs: `PreviousEntryHash` and `EntryHash` expose the
 * chain so a client can verify it, and `RecipientId` names the recipient an entry is about (empty for
 * the sender's and the system's own), so a client tells apart two recipients of the same name.
 */
export const AuditEventsResponse = Type.Object({
  auditEvents: Type.Array(
    Type.Object({
      eventFields: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
    }),
  ),
})
export type AuditEventsResponse = Static<typeof AuditEventsResponse>

export function toAuditEventsResponse(entries: readonly ChainedAuditRecord[]): AuditEventsResponse {
  return {
    auditEvents: entries.map((entry) => ({
      eventFields: [
        { name: 'logTime', value: entry.loggedAt },
        { name: 'Source', value: entry.source },
        { name: 'UserName', value: entry.userName },
        { name: 'UserId', value: entry.userId ?? '' },
        { name: 'Action', value: entry.action },
        { name: 'Message', value: entry.message },
        { name: 'EnvelopeStatus', value: entry.envelopeStatus },
        { name: 'ClientIPAddress', value: entry.clientIpAddress ?? '' },
        { name: 'Information', value: entry.information ?? '' },
        { name: 'GeoLocation', value: '' },
        { name: 'Language', value: 'english' },
        { name: 'PreviousEntryHash', value: entry.previousHash },
        { name: 'EntryHash', value: entry.hash },
        { name: 'RecipientId', value: entry.recipientId ?? '' },
      ],
    })),
  }
}
