import { AutomationInputError } from '../errors.js'
import { Recipient } from './recipient.js'

/** Recipient rule 2: must equal the templates' role name exactly (case and `#` included). */
export const SIGNING_RECIPIENT_ROLE = 'Signing Recipient #1'
/** Recipient rule 3: the second role, always invited by email. */
export const SERVICE_COORDINATOR_ROLE = 'Service Coordinator'
/** The templates' routing orders for the two roles: an inline recipient fills a role only when both match. */
export const SIGNING_RECIPIENT_ROUTING_ORDER = '1'
export const SERVICE_COORDINATOR_ROUTING_ORDER = '2'

export interface RecipientSource {
  caseId: string
  /** The case's `Signing_Recipient_1__c`: the contact who is recipient 1, or null. */
  signingRecipient1: string | null
  /** That contact, as `Get_Recipient_Contact` read it; undefined when there is no link or no such contact. */
  contact: { name: string; email: string | null } | undefined
  serviceCoordinator: { name: string; email: string }
  /** The flow variable; blank or absent means email delivery. */
  recipientSmsPhone?: string | null
}

/**
 * The envelope's recipients from a case (recipient rules 2 to 7):
 * - recipient 1 (`Signing Recipient #1`) is the linked contact, its name and email, the case as source
 *   record; no link, no recipient 1;
 * - a non-blank `recipientSmsPhone` switches recipient 1 to SMS through `withSmsDelivery`; a blank contact
 *   email then becomes the placeholder address, and without a phone it is an error (there is no way to
 *   reach the contact);
 * - the Service Coordinator always by email.
 * Every refusal happens here, before the envelope service is called.
 */
export function buildRecipients(source: RecipientSource): Recipient[] {
  const recipients: Recipient[] = []
  const link = source.signingRecipient1?.trim() ?? ''
  if (link !== '') recipients.push(signingRecipient(source, link))
  recipients.push(serviceCoordinator(source))
  return recipients
}

function signingRecipient(source: RecipientSource, link: string): Recipient {
  const contact = source.contact
  if (!contact)
    throw new AutomationInputError(`contact ${link} linked by Signing_Recipient_1__c does not exist`)
  if (contact.name.trim() === '') {
    throw new AutomationInputError(`contact ${link} has no name; recipient 1 needs one (recipient rule 5)`)
  }
  const recipient = Recipient.byEmail({
    roleName: SIGNING_RECIPIENT_ROLE,
    routingOrder: SIGNING_RECIPIENT_ROUTING_ORDER,
    name: contact.name,
    email: contact.email ?? '',
    sourceRecordId: source.caseId,
  })
  const phone = source.recipientSmsPhone?.trim() ?? ''
  if (phone !== '') return recipient.withSmsDelivery(phone)
  if (recipient.email === '') {
    throw new AutomationInputError(
      `contact ${link} has no email: give recipientSmsPhone to invite recipient 1 by SMS (recipient rule 7)`,
    )
  }
  return recipient
}

function serviceCoordinator(source: RecipientSource): Recipient {
  const { name, email } = source.serviceCoordinator
  if (name.trim() === '' || email.trim() === '') {
    throw new AutomationInputError(`case ${source.caseId} has no service coordinator name and email`)
  }
  return Recipient.byEmail({
    roleName: SERVICE_COORDINATOR_ROLE,
    routingOrder: SERVICE_COORDINATOR_ROUTING_ORDER,
    name,
    email,
    sourceRecordId: source.caseId,
  })
}
