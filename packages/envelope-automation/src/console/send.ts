import { NotFoundError } from 'platform'
import type { CaseStore } from '../cases/store.js'
import { PAUSE, runGuidedSendFlow, type SmsPhoneScreenRequest } from '../flow/guided-send.js'
import type { EsignConnection } from './esign-connection.js'
import type { SendRequest } from './schema.js'

export type ConsoleSendResult =
  | { outcome: 'sent'; envelopeId: string; recipientSmsPhone: string | null }
  /** The flow stopped at `SMS_Phone_Screen`: the page shows it and posts the form again with the phone. */
  | { outcome: 'sms_phone_needed'; screen: SmsPhoneScreenRequest }

/**
 * Runs the guided flow (the same machine the CLI drives) with its screens answered from one request. The
 * browser holds the flow's state between requests: it posts the send form, and when the flow stops at
 * `SMS_Phone_Screen` it shows that screen and posts the same form again with `recipientSmsPhone`. Failures
 * (an unknown case, input the automation refuses, the envelope service's refusals) are thrown as the
 * typed errors they are; `errors.ts` maps them to HTTP.
 */
export async function sendFromConsole(
  deps: { store: CaseStore; esign: EsignConnection },
  caseId: string,
  request: SendRequest,
): Promise<ConsoleSendResult> {
  if (!(await deps.store.findCase(caseId))) {
    throw new NotFoundError(`case ${caseId} does not exist`, { errorCode: 'case_not_found' })
  }
  const givenPhone = request.recipientSmsPhone?.trim() || undefined
  const result = await runGuidedSendFlow(
    {
      cases: deps.store,
      esign: deps.esign(),
      screens: {
        // A second question means the answer was refused: the page shows the screen again with why.
        askSmsPhone: async (screen) => (givenPhone === undefined || screen.problem ? PAUSE : givenPhone),
      },
    },
    {
      caseId,
      templateIds: request.templateIds,
      subjectText: request.subject,
      language: request.language ?? null,
    },
  )
  switch (result.outcome) {
    case 'sent':
      return { outcome: 'sent', envelopeId: result.envelopeId, recipientSmsPhone: result.recipientSmsPhone }
    case 'paused':
      return { outcome: 'sms_phone_needed', screen: result.screen }
    case 'cancelled':
      // These screens never answer "cancel".
      throw new Error('the console flow was cancelled')
  }
}
