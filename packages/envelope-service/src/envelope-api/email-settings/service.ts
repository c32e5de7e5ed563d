import type { EmailSettings as EmailSettingsInput } from 'esign-contract'
import type { ServiceContext } from '../../context.js'
import type { EmailSettings } from '../../envelopes/model.js'
import { findEnvelopeById } from '../../envelopes/reads.js'
import { envelopeOrFail } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { applyTransition } from '../../lifecycle/service.js'
import { toEmailSettingsOutput } from '../../templates/email-settings.js'
import { storeEmailSettings } from './repository.js'
import { checkEmailSettingsEditable, type EmailSettingsChange, planEmailSettings } from './rules.js'

/**
 * `GET`, `POST`, `PUT`, `DELETE .../envelopes/{envelopeId}/email_settings`. A change goes through the
 * lifecycle's one write path as a transition that keeps every status, as a custom-field change does:
 * its compare-and-set orders concurrent changes, and the plan is made from the settings as they are
 * inside that transaction.
 */

export type EmailSettingsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

export async function readEmailSettings(
  deps: EmailSettingsDeps,
  accountId: string,
  envelopeId: string,
): Promise<EmailSettingsInput> {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  return envelope.emailSettings ? toEmailSettingsOutput(envelope.emailSettings) : {}
}

export async function changeEmailSettings(
  deps: EmailSettingsDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  change: EmailSettingsChange,
  body: EmailSettingsInput,
): Promise<EmailSettingsInput> {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let settings: EmailSettings | undefined
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => {
      checkEmailSettingsEditable(stored.state.status)
      return { envelope: stored.state, effects: { messages: [], audit: [], events: [] } }
    },
    actor,
    async (tx) => {
      const envelope = await findEnvelopeById(tx, envelopeId)
      settings = planEmailSettings(change, envelope?.emailSettings, body)
      await storeEmailSettings(tx, envelopeId, settings)
    },
  )
  return settings ? toEmailSettingsOutput(settings) : {}
}
