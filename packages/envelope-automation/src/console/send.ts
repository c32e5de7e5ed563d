import type { CaseStore } from '../cases/store.js'
import { type FlowScreens, runGuidedSendFlow, type SmsPhoneScreenRequest } from '../flow/guided-send.js'
import type { EsignConnection } from './esign-connection.js'
import type { SendRequest, ServiceFailure, SmsPhoneNeeded } from './schema.js'
import { serviceFailure } from './service-failure.js'

export type ConsoleSendOutcome =
  | { kind: 'sent'; envelopeId: string; recipientSmsPhone: string | null }
  | { kind: 'sms_phone_needed'; status: 409 | 422; body: SmsPhoneNeeded }
  | { kind: 'service_failure'; status: 502 | 504; body: ServiceFailure }

/** Thrown by the request's screens to stop the flow at `SMS_Phone_Screen` and show it in the browser. */
class SmsPhoneScreenShown extends Error {
  constructor(readonly request: SmsPhoneScreenRequest) {
    super('SMS_Phone_Screen')
  }
}

/**
 * Runs the guided flow (the same machine the CLI drives) with its screens answered from one HTTP request.
 * The browser holds the flow's state between requests: it posts the send form, and when the flow stops at
 * `SMS_Phone_Screen` it shows that screen and posts the same form again with `recipientSmsPhone`.
 */
export async function sendFromConsole(
  deps: { store: CaseStore; esign: EsignConnection },
  caseId: string,
  request: SendRequest,
): Promise<ConsoleSendOutcome> {
  const givenPhone = request.recipientSmsPhone?.trim() || undefined
  const screens: FlowScreens = {
    async askSmsPhone(screen) {
      // A second question means the answer was refused; the browser shows the reason on the same screen.
      if (givenPhone === undefined || screen.error) throw new SmsPhoneScreenShown(screen)
      return givenPhone
    },
  }
  try {
    const result = await runGuidedSendFlow(
      { cases: deps.store, esign: deps.esign(), screens },
      {
        caseId,
        templateIds: request.templateIds,
        subjectText: request.subject,
        language: request.language ?? null,
      },
    )
    if (result.outcome !== 'sent') throw new Error('the console screens never cancel the flow')
    return { kind: 'sent', envelopeId: result.envelopeId, recipientSmsPhone: result.recipientSmsPhone }
  } catch (error) {
    if (error instanceof SmsPhoneScreenShown) {
      const { contactName, suggestedPhone } = error.request
      return {
        kind: 'sms_phone_needed',
        status: error.request.error ? 422 : 409,
        body: {
          step: 'SMS_Phone_Screen',
          error: error.request.error ?? `${contactName} has no email: a mobile number for SMS is required`,
          contactName,
          suggestedPhone,
        },
      }
    }
    const failure = serviceFailure(error)
    if (failure) return { kind: 'service_failure', ...failure }
    throw error
  }
}
