import type { BrandPresentation } from '../brands/model.js'
import { brandPresentation } from '../brands/service.js'
import type { Db } from '../database.js'
import {
  type EnvelopeRecord,
  findCustomFields,
  findEnvelopesOfAccount,
  findRecipients,
  type StoredCustomFields,
  type StoredRecipient,
} from '../envelopes/reads.js'
import type { RecipientMessagePayload } from '../outbox/topics.js'

/**
 * What the messages of one round read about their envelopes: read for all of them at once (one query per
 * table, a brand once per account and brand) instead of four or five queries per message, which on
 * PostgreSQL were as many round trips. A round lasts about a second; a message that became unnecessary
 * meanwhile (its envelope voided) could go out within that second, as it could between a per-message read
 * and its send before.
 */
export interface RoundReads {
  envelope(accountId: string, envelopeId: string): EnvelopeRecord | undefined
  recipients(envelopeId: string): readonly StoredRecipient[]
  customFields(envelopeId: string): StoredCustomFields | undefined
  brand(accountId: string, brandId: string | undefined): Promise<BrandPresentation | undefined>
}

export async function readRound(db: Db, payloads: readonly RecipientMessagePayload[]): Promise<RoundReads> {
  const byAccount = new Map<string, Set<string>>()
  for (const { accountId, envelopeId } of payloads) {
    const ids = byAccount.get(accountId) ?? new Set()
    ids.add(envelopeId)
    byAccount.set(accountId, ids)
  }
  const envelopes = new Map<string, EnvelopeRecord>()
  for (const [accountId, ids] of byAccount) {
    for (const envelope of await findEnvelopesOfAccount(db, accountId, [...ids])) {
      envelopes.set(`${accountId} ${envelope.envelopeId}`, envelope)
    }
  }
  const envelopeIds = [...new Set(payloads.map((payload) => payload.envelopeId))]
  const recipients = await findRecipients(db, envelopeIds)
  const customFields = await findCustomFields(db, envelopeIds)
  const brands = new Map<string, Promise<BrandPresentation | undefined>>()
  return {
    envelope: (accountId, envelopeId) => envelopes.get(`${accountId} ${envelopeId}`),
    recipients: (envelopeId) => recipients.get(envelopeId) ?? [],
    customFields: (envelopeId) => customFields.get(envelopeId),
    brand(accountId, brandId) {
      const key = `${accountId} ${brandId ?? ''}`
      let brand = brands.get(key)
      if (brand === undefined) {
        brand = brandPresentation(db, accountId, brandId)
        brands.set(key, brand)
      }
      return brand
    },
  }
}
