import { lockedMessageOf } from 'esign-contract/message-lock'
import type { CaseReader, EnvelopeRecorder } from '../cases/model.js'
import type { EsignClient } from '../client/client.js'
import { resolveLanguage } from '../composition/language.js'
import { AutomationInputError } from '../errors.js'
import { buildRecipients } from '../recipients/build.js'
import { buildEnvelopeDefinition } from './envelope-definition.js'

/** The action's inputs, named as the CRM action declares them. */
export interface SendCompositeEnvelopeInput {
  caseId: string
  /** Chosen templates in document order. */
  templateIds: string[]
  subjectText: string
  /** Flow input `language`; blank means the case's language, then English. */
  language?: string | null
  /** Flow variable set by `SMS_Phone_Screen`; blank or absent means email delivery. */
  recipientSmsPhone?: string | null
}

export interface SendCompositeEnvelopeDependencies {
  cases: CaseReader & EnvelopeRecorder
  esign: Pick<EsignClient, 'accountId' | 'createEnvelope' | 'getTemplate'>
  now?: () => number
}

/**
 * `Send_Composite_Envelope`: reads the case and its contact, builds the recipients (every input check
 * happens before any call), reads the chosen templates' bodies, creates the envelope with status `sent`,
 * records it on the case and returns its id.
 */
export async function sendCompositeEnvelope(
  deps: SendCompositeEnvelopeDependencies,
  input: SendCompositeEnvelopeInput,
): Promise<{ envelopeId: string }> {
  const templateIds = input.templateIds.map((id) => id.trim()).filter((id) => id !== '')
  if (templateIds.length === 0) throw new AutomationInputError('choose at least one template')
  const caseRecord = await deps.cases.findCase(input.caseId)
  if (!caseRecord) throw new AutomationInputError(`case ${input.caseId} does not exist`)
  const contact = caseRecord.signingRecipient1
    ? await deps.cases.findContact(caseRecord.signingRecipient1)
    : undefined
  const recipients = buildRecipients({
    caseId: caseRecord.id,
    signingRecipient1: caseRecord.signingRecipient1,
    contact,
    serviceCoordinator: {
      name: caseRecord.serviceCoordinatorName,
      email: caseRecord.serviceCoordinatorEmail,
    },
    recipientSmsPhone: input.recipientSmsPhone ?? null,
  })
  const language = resolveLanguage(input.language?.trim() ? input.language : caseRecord.language)
  const templates = await Promise.all(
    templateIds.map(async (templateId) => {
      const template = await deps.esign.getTemplate(templateId)
      return {
        templateId,
        name: template.name,
        emailBlurb: template.emailBlurb ?? '',
        locksMessage: lockedMessageOf(template) !== null,
      }
    }),
  )
  const definition = buildEnvelopeDefinition({
    caseId: caseRecord.id,
    caseNumber: caseRecord.caseNumber,
    templates,
    recipients,
    subjectText: input.subjectText,
    language,
  })
  const created = await deps.esign.createEnvelope(definition)
  await deps.cases.recordEnvelopeSent({
    caseId: caseRecord.id,
    envelopeId: created.envelopeId,
    accountId: deps.esign.accountId,
    status: created.status,
    sentAt: new Date((deps.now ?? Date.now)()).toISOString(),
  })
  return { envelopeId: created.envelopeId }
}
