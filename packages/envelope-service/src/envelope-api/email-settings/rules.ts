import type { EmailSettings as EmailSettingsInput } from 'esign-contract'
import type { EmailSettings } from '../../envelopes/model.js'
import { LifecycleError } from '../../lifecycle/errors.js'
import { emailSettingsOf, toEmailSettingsOutput } from '../../templates/email-settings.js'

/**
 * The `email_settings` sub-resource's changes as pure plans from the stored settings and the body, read
 * by the same rule as a create's `emailSettings` (addresses checked, Bcc ids assigned):
 * - `add` (`POST`): the given reply fields replace the stored ones, the given Bcc addresses join them;
 * - `update` (`PUT`): the given fields replace the stored ones, a given Bcc list replaces the stored list;
 * - `delete`: no overrides left.
 * Messages already sent keep what they had; the next ones carry the new settings.
 */

export type EmailSettingsChange = 'add' | 'update' | 'delete'

const EDITABLE = new Set(['created', 'sent', 'delivered'])

export function checkEmailSettingsEditable(status: string): void {
  if (!EDITABLE.has(status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Email settings can be changed on a draft, sent or delivered envelope; this one is '${status}'.`,
    )
  }
}

export function planEmailSettings(
  change: EmailSettingsChange,
  stored: EmailSettings | undefined,
  body: EmailSettingsInput,
): EmailSettings | undefined {
  if (change === 'delete') return undefined
  const current = stored ? toEmailSettingsOutput(stored) : {}
  const given = body.bccEmailAddresses
  const bccEmailAddresses =
    change === 'add'
      ? [...(current.bccEmailAddresses ?? []), ...(given ?? [])]
      : (given ?? current.bccEmailAddresses)
  return emailSettingsOf({
    ...current,
    ...body,
    ...(bccEmailAddresses ? { bccEmailAddresses } : {}),
  })
}
