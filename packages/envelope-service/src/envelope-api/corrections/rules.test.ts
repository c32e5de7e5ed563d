import { describe, expect, it } from 'vitest'
import type { StoredRecipient } from '../../envelopes/repository.js'
import type { LifecycleEnvelope, LifecycleRecipient } from '../../lifecycle/model.js'
import { correctionAudit, planCorrections, readCorrections } from './rules.js'
import type { RecipientCorrections } from './schema.js'

/** The pure rules of a correction: who is answered how, what is stored, whom it invites again. */

const stored = (
  recipientId: string,
  type: StoredRecipient['type'],
  routingOrder: string,
): StoredRecipient => ({
  type,
  recipientId,
  recipientIdGuid: `guid-${recipientId}`,
  routingOrder,
  name: `Recipient ${recipientId}`,
  email: `r${recipientId}@example.test`,
  deliveryMethod: 'email',
  additionalNotifications: [],
  accessCode: 'Blue-42',
  tabs: {},
  status: 'created',
})

const progress = (
  recipientId: string,
  type: LifecycleRecipient['type'],
  routingOrder: number,
  status: LifecycleRecipient['status'],
): LifecycleRecipient => ({ recipientId, type, routingOrder, status, channel: 'email' })

/** Signer 1 (order 1, signing now), carbon copy 2 (order 1, copied), signer 3 (order 2, waiting), signer 4 signed. */
const recipients = [
  stored('1', 'signer', '1'),
  stored('2', 'carbonCopy', '1'),
  stored('3', 'signer', '2'),
  stored('4', 'signer', '1'),
]
const envelope = (status: LifecycleEnvelope['status'] = 'sent'): LifecycleEnvelope => ({
  status,
  recipients: [
    progress('1', 'signer', 1, 'delivered'),
    progress('2', 'carbonCopy', 1, 'sent'),
    progress('3', 'signer', 2, 'created'),
    progress('4', 'signer', 1, 'completed'),
  ],
})

const plan = (body: RecipientCorrections, resendEnvelope = false, status?: LifecycleEnvelope['status']) =>
  planCorrections({
    envelope: envelope(status),
    recipients,
    corrections: readCorrections(body),
    resendEnvelope,
  })

describe('planCorrections', () => {
  it('invites again only recipients whose turn it is, a copy for a carbon copy', () => {
    const { applied } = plan({
      signers: [
        { recipientId: '1', email: 'one@new.test' },
        { recipientId: '3', email: 'three@new.test' },
      ],
      carbonCopies: [{ recipientId: '2', email: 'two@new.test' }],
    })
    expect(applied.map((correction) => [correction.recipientId, correction.message?.kind])).toEqual([
      ['1', 'invitation'],
      ['3', undefined],
      ['2', 'copy'],
    ])
    expect(applied.every((correction) => correction.revokeAccess)).toBe(true)
  })

  it('sends by the corrected channel', () => {
    const { applied } = plan({
      signers: [
        { recipientId: '1', deliveryMethod: 'sms', phoneNumber: { countryCode: '1', number: '4155550123' } },
      ],
    })
    expect(applied[0]!.message).toEqual({ kind: 'invitation', recipientId: '1', channel: 'sms' })
    expect(applied[0]!.changes.deliveryMethod).toBe('SMS')
  })

  it('resends without a change only when asked', () => {
    expect(plan({ signers: [{ recipientId: '1', name: 'New name' }] }).applied[0]!.message).toBeUndefined()
    expect(plan({ signers: [{ recipientId: '1' }] }, true).applied[0]!.message?.kind).toBe('invitation')
  })

  it('invites nobody in a draft', () => {
    const { applied } = plan({ signers: [{ recipientId: '1', email: 'one@new.test' }] }, true, 'created')
    expect(applied[0]!.message).toBeUndefined()
  })

  it('removes the access code with an empty string and ends auth sessions, keeping the links', () => {
    const [correction] = plan({ signers: [{ recipientId: '1', accessCode: '  ' }] }).applied
    expect(correction!.changes).toEqual({ accessCode: null })
    expect(correction!).toMatchObject({ revokeAccess: false, endAuthSessions: true })
  })

  it('keeps sessions and links for a new name', () => {
    const [correction] = plan({ signers: [{ recipientId: '1', name: 'Ann' }] }).applied
    expect(correction!).toMatchObject({ revokeAccess: false, endAuthSessions: false })
  })

  it('answers unknown and finished recipients on their own and applies nothing for them', () => {
    const { results, applied } = plan({
      signers: [
        { recipientId: '9', name: 'x' },
        { recipientId: '4', name: 'x' },
        { recipientId: '1', name: 'x' },
      ],
    })
    expect(results.map((result) => [result.recipientId, result.errorDetails?.errorCode])).toEqual([
      ['9', 'UNKNOWN_ENVELOPE_RECIPIENT'],
      ['4', 'RECIPIENT_UPDATE_FAILED'],
      ['1', undefined],
    ])
    expect(applied.map((correction) => correction.recipientId)).toEqual(['1'])
  })

  it.each(['completed', 'declined', 'voided'] as const)('refuses a %s envelope whole', (status) => {
    expect(() => plan({ signers: [{ recipientId: '1', name: 'x' }] }, false, status)).toThrow(
      expect.objectContaining({ errorCode: 'ENVELOPE_INVALID_STATUS' }),
    )
  })
})

describe('correctionAudit', () => {
  it('names the changed fields, never the access code, and the lock it cleared', () => {
    const { applied } = plan({ signers: [{ recipientId: '1', accessCode: 'Secret-9', email: 'a@new.test' }] })
    const notes = correctionAudit(applied, new Set(['1']), 'sent')
    expect(notes.map((note) => note.action)).toEqual(['Corrected', 'Recipient Unlocked', 'Resent'])
    expect(JSON.stringify(notes)).not.toContain('Secret-9')
    expect(notes[0]!.message).toBe('Recipient 1 corrected: email, access code.')
  })
})
