import type { ErrorDetails } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { RecipientType } from '../tabs/model.js'
import type { InPersonSigner, RecipientSettings, TemplateRole } from './model.js'

/**
 * A template's recipients (roles) after creation, DocuSign's `TemplatesApi` recipient operations, as pure
 * rules over the stored roles; the template's one write path stores the result (service.ts).
 *
 * - Adding: the new roles are read and checked as `POST /templates` reads them; a `recipientId` the
 *   template already has is a 400 `INVALID_RECIPIENT_ID`.
 * - Updating, by `recipientId`: each named role is answered on its own (`recipientUpdateResults`). An id
 *   the template lacks gets `UNKNOWN_ENVELOPE_RECIPIENT`, a role named in another list than its own (a
 *   change of type) `RECIPIENT_UPDATE_FAILED`; both stay as they were. The fields given replace the
 *   stored ones (`roleName`, `routingOrder`, the person, an in-person signer's host and signer, the
 *   role's own settings and default delivery).
 * - Deleting: all named roles or none; an id the template lacks is a 400 `UNKNOWN_ENVELOPE_RECIPIENT`.
 */

export const RECIPIENT_ID_TAKEN = 'INVALID_RECIPIENT_ID'

export interface RoleUpdate {
  recipientId: string
  /** The list it was named in. */
  type: RecipientType
  roleName?: string
  routingOrder?: string
  name?: string
  email?: string
  /** The given fields over the stored signer of an in-person role. */
  inPerson?: InPersonSigner
  /** The role's own settings and default delivery that the update gives; each replaces the stored one. */
  settings?: RecipientSettings & Pick<TemplateRole, 'deliveryMethod'>
}

export interface RoleUpdateResult {
  recipientId: string
  errorDetails?: ErrorDetails
}

export function addRoles(existing: readonly TemplateRole[], added: readonly TemplateRole[]): TemplateRole[] {
  if (added.length === 0) {
    throw new InvalidRequestError(
      'Name at least one recipient in signers, carbonCopies, certifiedDeliveries or inPersonSigners',
    )
  }
  const taken = new Set(existing.map((role) => role.recipientId))
  for (const role of added) {
    if (taken.has(role.recipientId)) {
      throw new InvalidRequestError(
        `recipientId ${role.recipientId} is already a recipient of this template: recipientIds must be unique within the template`,
        { errorCode: RECIPIENT_ID_TAKEN },
      )
    }
  }
  return [...existing, ...added]
}

export function updateRoles(
  existing: readonly TemplateRole[],
  updates: readonly RoleUpdate[],
): { roles: TemplateRole[]; results: RoleUpdateResult[] } {
  if (updates.length === 0) {
    throw new InvalidRequestError(
      'Nothing to update: name the recipients in signers, carbonCopies, certifiedDeliveries or inPersonSigners',
    )
  }
  const ids = updates.map((update) => update.recipientId)
  if (new Set(ids).size !== ids.length) throw new InvalidRequestError('A recipient is named more than once')
  const roles = existing.map((role) => ({ ...role }))
  const results = updates.map((update): RoleUpdateResult => {
    const role = roles.find((candidate) => candidate.recipientId === update.recipientId)
    if (!role) {
      return refused(
        update.recipientId,
        'UNKNOWN_ENVELOPE_RECIPIENT',
        `The recipient you have identified (${update.recipientId}) is not a recipient of this template.`,
      )
    }
    if (role.type !== update.type) {
      return refused(
        update.recipientId,
        'RECIPIENT_UPDATE_FAILED',
        `Recipient ${update.recipientId} is a ${role.type}, not a ${update.type}: its type cannot be changed by an update.`,
      )
    }
    if (update.roleName !== undefined) role.roleName = update.roleName
    if (update.routingOrder !== undefined) role.routingOrder = update.routingOrder
    if (update.name !== undefined) role.name = update.name
    if (update.email !== undefined) role.email = update.email
    if (update.inPerson !== undefined) role.inPerson = { ...role.inPerson, ...update.inPerson }
    if (update.settings) Object.assign(role, update.settings)
    return { recipientId: update.recipientId }
  })
  return { roles, results }
}

export function removeRoles(
  existing: readonly TemplateRole[],
  recipientIds: readonly string[],
): { roles: TemplateRole[]; removed: TemplateRole[] } {
  if (recipientIds.length === 0) throw new InvalidRequestError('Name at least one recipient to delete')
  if (new Set(recipientIds).size !== recipientIds.length) {
    throw new InvalidRequestError('A recipient is named more than once')
  }
  const unknown = recipientIds.find((id) => !existing.some((role) => role.recipientId === id))
  if (unknown !== undefined) {
    throw new InvalidRequestError(`Recipient ${unknown} is not a recipient of this template.`, {
      errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT',
    })
  }
  const named = new Set(recipientIds)
  return {
    roles: existing.filter((role) => !named.has(role.recipientId)),
    removed: existing.filter((role) => named.has(role.recipientId)),
  }
}

function refused(recipientId: string, errorCode: string, message: string): RoleUpdateResult {
  return { recipientId, errorDetails: { errorCode, message } }
}
