import {
  type SendCompositeEnvelopeDependencies,
  sendCompositeEnvelope,
} from '../actions/send-composite-envelope.js'
import type { Contact } from '../cases/model.js'
import { AutomationInputError, InvalidPhoneError } from '../errors.js'
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

/** Why the screen's previous answer was refused. */
export type PhoneProblem = 'phone_required' | 'phone_invalid'

export interface SmsPhoneScreenRequest {
  contactName: string
  /** The contact's mobile, offered as the default answer. */
  suggestedPhone: string | null
  /** Why the previous answer was refused, as a code (for a page in any language) and a sentence. */
  problem?: PhoneProblem
  error?: string
}

/**
 * A screen's answer that stops the flow where it is: the screen is shown elsewhere (a web page) and the
 * flow runs again from the start with the answer (the console's request per step).
 */
export const PAUSE = { pause: true } as const

export interface FlowScreens {
  /**
   * `SMS_Phone_Screen`; resolves to the answer, to undefined when the user cancels the flow, or to `PAUSE`
   * when the screen is answered later.
   */
  askSmsPhone(request: SmsPhoneScreenRequest): Promise<string | undefined | typeof PAUSE>
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
  /** Stopped at `SMS_Phone_Screen`, which asks what `screen` says. */
  | { outcome: 'paused'; screen: SmsPhoneScreenRequest; path: FlowStep[] }

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
        } else if (typeof answer !== 'string') {
          return { outcome: 'paused', screen: answer.screen, path }
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

const PHONE_PROBLEMS: Record<PhoneProblem, string> = {
  phone_required: 'A mobile number is required to send by SMS.',
  phone_invalid:
    'That is not a mobile number a text message can reach: enter it with + and the country code, e.g. +14155552671.',
}

async function askUntilValid(
  screens: FlowScreens,
  contact: Contact,
): Promise<string | undefined | { screen: SmsPhoneScreenRequest }> {
  let problem: PhoneProblem | undefined
  for (;;) {
    const screen: SmsPhoneScreenRequest = {
      contactName: contact.name,
      suggestedPhone: contact.mobile,
      ...(problem ? { problem, error: PHONE_PROBLEMS[problem] } : {}),
    }
    const answer = await screens.askSmsPhone(screen)
    if (answer === undefined) return undefined
    if (typeof answer !== 'string') return { screen }
    if (answer.trim() === '') {
      problem = 'phone_required'
      continue
    }
    try {
      return parseSmsPhone(answer).e164
    } catch (failure) {
      if (!(failure instanceof InvalidPhoneError)) throw failure
      problem = 'phone_invalid'
    }
  }
}
