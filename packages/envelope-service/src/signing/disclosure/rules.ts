import { InvalidRequestError } from 'platform'
import type { RecipientType } from '../../tabs/model.js'

/**
 * The Electronic Record and Signature Disclosure (DocuSign's ERSD, asked for by `useDisclosure`): before
 * a signer may sign, they agree to do business electronically, once per envelope. The envelope's
 * `useDisclosure` (its own, or its templates') decides; an envelope that does not say follows the
 * account's setting (DocuSign's `useConsumerDisclosureWithinAccount`, off unless an administrator turns
 * it on). Carbon copies and certified deliveries sign nothing, so they are never asked. Pure.
 */

const SIGNING_TYPES: ReadonlySet<RecipientType> = new Set(['signer', 'inPersonSigner'])

/** Whether this recipient must agree before signing. */
export function disclosureRequired(
  envelope: { useDisclosure?: boolean },
  recipient: { type: RecipientType },
  /** The account's setting, for an envelope that does not say. */
  accountShowsIt: boolean,
): boolean {
  return (envelope.useDisclosure ?? accountShowsIt) && SIGNING_TYPES.has(recipient.type)
}

/** Refuses signing by a recipient who owes the agreement and has not given it. */
export function checkDisclosureAccepted(required: boolean, accepted: boolean): void {
  if (required && !accepted) {
    throw new InvalidRequestError(
      'Agree to the Electronic Record and Signature Disclosure (POST /signing/api/disclosure) before signing',
    )
  }
}

/** Refuses an agreement nobody asked this recipient for, so nothing is recorded that was not shown. */
export function checkDisclosureAsked(required: boolean): void {
  if (!required) {
    throw new InvalidRequestError('This envelope does not ask its recipients to agree to a disclosure')
  }
}
