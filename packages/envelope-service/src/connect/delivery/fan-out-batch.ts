import type { Db } from '../../database.js'
import {
  type EnvelopeRecord,
  findCustomFields,
  findEnvelopesOfAccount,
  findRecipients,
  type StoredCustomFields,
  type StoredRecipient,
} from '../../envelopes/reads.js'
import type { ClaimedOutboxMessage } from '../../outbox/repository.js'
import type { EnvelopeEventPayload } from '../../outbox/topics.js'
import { type FanOutConfiguration, findFanOutConfigurations } from './repository.js'

/**
 * The reads of one fan-out round, set-based: whatever the batch size, a round reads its envelopes
 * (one query per account in the batch, usually one), the enabled configurations of those accounts
 * (one query), and recipients and custom fields (one query each, only for the envelopes a target's
 * `includeData` asks them for). Per event it used to be about seven queries. Every read happens after
 * the claim, so it already reflects each claimed event (as before).
 */

/** One target of one event: a configuration of the account or the envelope's own `eventNotification`. */
export interface FanOutTarget {
  configurationId: string
  url: string
  includeData: string[]
  includeHmac: boolean
  loggingEnabled: boolean
}

export interface FanOutReads {
  envelopes: Map<string, EnvelopeRecord>
  /** Targets of each claimed row (by outbox id), in configuration order, the envelope's own last. */
  targets: Map<string, FanOutTarget[]>
  recipients: Map<string, StoredRecipient[]>
  customFields: Map<string, StoredCustomFields>
}

const NO_CUSTOM_FIELDS: StoredCustomFields = { textCustomFields: [], listCustomFields: [] }

export async function readRound(db: Db, rows: readonly ClaimedOutboxMessage[]): Promise<FanOutReads> {
  const events = rows.map((row) => ({ id: row.id, event: row.payload as EnvelopeEventPayload }))
  const byAccount = new Map<string, Set<string>>()
  for (const { event } of events) {
    const ids = byAccount.get(event.accountId) ?? new Set<string>()
    byAccount.set(event.accountId, ids.add(event.envelopeId))
  }
  const [envelopeLists, configurations] = await Promise.all([
    Promise.all([...byAccount].map(([accountId, ids]) => findEnvelopesOfAccount(db, accountId, [...ids]))),
    findFanOutConfigurations(db, [...byAccount.keys()]),
  ])
  const envelopes = new Map<string, EnvelopeRecord>()
  // Keyed by account too: an event names its account, and an envelope of another account is not found.
  for (const list of envelopeLists) for (const envelope of list) envelopes.set(envelope.envelopeId, envelope)

  const targets = new Map<string, FanOutTarget[]>()
  const wantRecipients = new Set<string>()
  const wantCustomFields = new Set<string>()
  for (const { id, event } of events) {
    const envelope = envelopes.get(event.envelopeId)
    if (!envelope || envelope.accountId !== event.accountId) continue
    const found = targetsOf(event, envelope, configurations.get(event.accountId) ?? [])
    targets.set(id, found)
    for (const target of found) {
      if (target.includeData.includes('recipients')) wantRecipients.add(envelope.envelopeId)
      if (target.includeData.includes('custom_fields')) wantCustomFields.add(envelope.envelopeId)
    }
  }
  const [recipients, customFields] = await Promise.all([
    findRecipients(db, [...wantRecipients]),
    findCustomFields(db, [...wantCustomFields]),
  ])
  return { envelopes, targets, recipients, customFields }
}

/**
 * Every enabled configuration of the account that lists the event and covers the envelope's sender
 * (oldest first), then the envelope's own `eventNotification` when it lists the event.
 */
function targetsOf(
  event: EnvelopeEventPayload,
  envelope: EnvelopeRecord,
  configurations: readonly FanOutConfiguration[],
): FanOutTarget[] {
  const targets: FanOutTarget[] = configurations
    .filter(
      (configuration) =>
        configuration.events.includes(event.event) &&
        (configuration.allUsers || configuration.userIds.includes(envelope.sender.userId)),
    )
    .map((configuration) => ({
      configurationId: configuration.connectId,
      url: configuration.url,
      includeData: configuration.includeData,
      includeHmac: configuration.includeHmac,
      loggingEnabled: true,
    }))
  const own = envelope.eventNotification
  if (own?.events.includes(event.event)) {
    targets.push({
      configurationId: 'envelope',
      url: own.url,
      includeData: own.eventData?.includeData ?? [],
      includeHmac: own.includeHMAC,
      loggingEnabled: own.loggingEnabled,
    })
  }
  return targets
}

/** The recipients and custom fields of a snapshot (empty when no target asked for them). */
export function detailsOf(reads: FanOutReads, envelopeId: string) {
  return {
    recipients: reads.recipients.get(envelopeId) ?? [],
    customFields: reads.customFields.get(envelopeId) ?? NO_CUSTOM_FIELDS,
  }
}
