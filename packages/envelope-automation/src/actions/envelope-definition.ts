import type { CompositeTemplate, EnvelopeDefinition } from 'esign-contract'
import { composeBody, defaultSubjectText } from '../composition/body.js'
import type { Language } from '../composition/language.js'
import { composeSubject } from '../composition/subject.js'
import { envelopeCustomFields } from '../custom-fields/custom-fields.js'
import { MessageLockedError } from '../errors.js'
import type { Recipient } from '../recipients/recipient.js'

export interface ChosenTemplate {
  templateId: string
  /** The template's name, for a refusal that names it. */
  name?: string
  /** The template's email body (`emailBlurb`), composed into the envelope's. */
  emailBlurb: string
  /**
   * The template locks its subject and message (DocuSign's `messageLock`, with a subject): the service
   * refuses any other text, so the envelope carries the template's own, and a typed subject is refused.
   */
  locksMessage?: boolean
}

/**
 * The `Send_Composite_Envelope` request: one composite template per chosen template, in the order chosen
 * (array order is document order). Each overlays the stored template (sequence "1") with an inline template
 * (sequence "2") carrying the recipients and custom fields, so every document's roles are filled the same
 * way and roles with the same name and routing order merge into one signer (recipient rule 1).
 */
export function buildEnvelopeDefinition(input: {
  caseId: string
  caseNumber: string
  templates: ChosenTemplate[]
  recipients: Recipient[]
  subjectText: string
  language: Language
}): EnvelopeDefinition {
  const subjectText = input.subjectText.trim() || defaultSubjectText(input.language)
  const signers = input.recipients.map((recipient) => recipient.toSigner())
  const customFields = envelopeCustomFields(input)
  const compositeTemplates: CompositeTemplate[] = input.templates.map((template, index) => ({
    compositeTemplateId: String(index + 1),
    serverTemplates: [{ sequence: '1', templateId: template.templateId }],
    inlineTemplates: [{ sequence: '2', recipients: { signers }, customFields }],
  }))
  // A locked template's own text is the envelope's (the service applies it). A typed subject cannot be
  // used: refused here, naming the template, rather than dropped unseen or sent for the service to refuse.
  const locking = input.templates.find((template) => template.locksMessage)
  if (locking) {
    if (input.subjectText.trim() !== '') throw new MessageLockedError(locking.name ?? locking.templateId)
    return { status: 'sent', compositeTemplates }
  }
  return {
    status: 'sent',
    emailSubject: composeSubject(subjectText),
    emailBlurb: composeBody({
      language: input.language,
      templateBodies: input.templates.map((template) => template.emailBlurb),
    }),
    compositeTemplates,
  }
}
