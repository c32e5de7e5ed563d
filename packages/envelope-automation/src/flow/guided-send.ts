import {
  type SendCompositeEnvelopeDependencies,
  sendCompositeEnvelope,
} from '../actions/send-composite-envelope.js'
import type { Contact } from '../cases/model.js'
import { AutomationInputError } from '../errors.js'
import { parseSmsPhone } from '../recipients/phone.js'

/**
 * The guided send flow, version 4, as the contract names its steps:
 *
 *   Get_Recipient_Contact -> Is_Recipient_Email_Blank -(blank or null email)-> SMS_Phone_Screen -> Send_Composite_Envelope
 *                                                      -(otherwise)-----------------------------> Send_Composite_Envelope
 *
 * Screens are an interface so the CLI and the console drive the same machine. The phone screen's field is
 * required and its value is the flow variable `recipientSmsPhone`; an answer that is blank or not a valid
 * number shows the screen again with the reason, so nothing invalid reaches the action.
 */
export const FLOW_VERSION = 4

export type FlowStep =
  | 'Get_Recipient_Contact'
  | 'Is_Recipient_Email_Blank'
  | 'SMS_Phone_Screen'
  | 'Send_Composite_Envelope'

export interface SmsPhoneScreenRequest {
  contactName: string
  /** The contact's mobile, offered as the default answer. */
  suggestedPhone: string | null
  /** Why the previous answer was refused. */
  error?: string
}

export interface FlowScreens {
  /** `SMS_Phone_Screen`; resolves to the answer, or undefined when the user cancels the flow. */
  askSmsPhone(request: SmsPhoneScreenRequest): Promise<string | undefined>
}

export interface FlowInput {
  caseId: string
  templateIds: string[]
  subjectText: string
  language?: string | null
}

export type FlowResult =
  | { outcome: 'sent'; envelopeId: string; recipientSmsPhone: string | null; path: FlowStep[] }
  | { outcome: 'cancelled'; path: FlowStep[] }

/** `Is_Recipient_Email_Blank`: a contact whose email is null or only spaces goes to the phone screen. */
export function isRecipientEmailBlank(contact: Contact | undefined): boolean {
  return contact !== undefined && (contact.email ?? '').trim() === ''
}

export async function runGuidedSendFlow(
  deps: SendCompositeEnvelopeDependencies & { screens: FlowScreens },
  input: FlowInput,
): Promise<FlowResult> {
  const path: FlowStep[] = []
  let contact: Contact | undefined
  let recipientSmsPhone: string | null = null
  let step: FlowStep | 'cancelled' = 'Get_Recipient_Contact'
  for (;;) {
    if (step === 'cancelled') return { outcome: 'cancelled', path }
    path.push(step)
    switch (step) {
      case 'Get_Recipient_Contact': {
        const caseRecord = await deps.cases.findCase(input.caseId)
        if (!caseRecord) throw new AutomationInputError(`case ${input.caseId} does not exist`)
        contact = caseRecord.signingRecipient1
          ? await deps.cases.findContact(caseRecord.signingRecipient1)
          : undefined
        step = 'Is_Recipient_Email_Blank'
        break
      }
      case 'Is_Recipient_Email_Blank':
        step = isRecipientEmailBlank(contact) ? 'SMS_Phone_Screen' : 'Send_Composite_Envelope'
        break
      case 'SMS_Phone_Screen': {
        const answer = await askUntilValid(deps.screens, contact as Contact)
        if (answer === undefined) {
          step = 'cancelled'
        } else {
          recipientSmsPhone = answer
          step = 'Send_Composite_Envelope'
        }
        break
      }
      case 'Send_Composite_Envelope': {
        const { envelopeId } = await sendCompositeEnvelope(deps, { ...input, recipientSmsPhone })
        return { outcome: 'sent', envelopeId, recipientSmsPhone, path }
      }
    }
  }
}

async function askUntilValid(screens: FlowScreens, contact: Contact): Promise<string | undefined> {
  let error: string | undefined
  for (;;) {
    const answer = await screens.askSmsPhone({
      contactName: contact.name,
      suggestedPhone: contact.mobile,
      ...(error ? { error } : {}),
    })
    if (answer === undefined) return undefined
    if (answer.trim() === '') {
      error = 'A mobile number is required to send by SMS.'
      continue
    }
    try {
      return parseSmsPhone(answer).e164
    } catch (failure) {
      error = (failure as Error).message
    }
  }
}
