import { createHash } from 'node:crypto'
import { ConflictError, InvalidRequestError } from 'platform'
import type { RecipientType } from '../../tabs/model.js'
import {
  DISCLOSURE_LANGUAGES,
  type DisclosureDetails,
  type DisclosureLanguage,
  disclosureDetailsShown,
} from './text.js'

/**
 * The Electronic Record and Signature Disclosure (DocuSign's ERSD, asked for by `useDisclosure`): before
 * a signer may sign, they agree to do business electronically, once per envelope. The envelope's
 * `useDisclosure` (its own, or its templates') decides; an envelope that does not say follows the
 * account's setting (DocuSign's `useConsumerDisclosureWithinAccount`, off unless an administrator turns
 * it on). Carbon copies and certified deliveries sign nothing, so they are never asked. Each agreement is
 * to a version of the account's disclosure: when the account changes it, signers who have not signed yet
 * agree again, as DocuSign asks them to. Pure.
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

/**
 * The version of an account's disclosure: a digest of what its signers read in each language of it (the
 * details each version shows, borrowed ones included, and its own text), so the same for settings that
 * read the same, however they were stored. `""` while it reads as this service's text with nothing added.
 */
export function disclosureVersion(
  byLanguage: Partial<Record<DisclosureLanguage, DisclosureDetails>>,
): string {
  const shown = disclosureDetailsShown(byLanguage)
  const canonical = DISCLOSURE_LANGUAGES.flatMap((language) => {
    const details = shown[language]
    return details
      ? [[language, Object.entries(details).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]]
      : []
  })
  if (canonical.length === 0) return ''
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 22)
}

/**
 * Whether an agreement holds for the disclosure as it is now: given to this version, or given before
 * versions were kept (migration 0054), which stands.
 */
export function agreementHolds(agreement: { version?: string } | undefined, current: string): boolean {
  return agreement !== undefined && (agreement.version === undefined || agreement.version === current)
}

/**
 * Refuses an agreement to a version the signer was not shown: the account changed its disclosure after
 * the page read it, so the page reads it again.
 */
export function checkVersionShown(shown: string | undefined, current: string): void {
  if (shown !== undefined && shown !== current) {
    throw new ConflictError(
      'The account changed its Electronic Record and Signature Disclosure after this page read it: read it again',
      { errorCode: 'DISCLOSURE_CHANGED' },
    )
  }
}
