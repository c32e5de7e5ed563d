import { useState } from 'react'
import { accountPath, sendJson } from './api.js'
import { useSession } from './context.js'
import { Dialog } from './Dialog.js'
import {
  type Envelope,
  inFlight,
  type Recipient,
  type RecipientGroup,
  recipientsInOrder,
} from './envelope.js'
import { formatDateTime, type StatusKey } from './i18n.js'
import { refusalText } from './refusal.js'

const NO_AGREEMENTS: ReadonlyMap<string, string> = new Map()

interface Correction {
  group: RecipientGroup
  recipient: Recipient
}

/**
 * Recipients in routing order with how they are reached and what they did (with when each agreed to
 * electronic records, from the history: `agreements` by recipient id, where the screen has read it), and
 * their correction.
 */
export function Recipients({
  envelope,
  agreements = NO_AGREEMENTS,
  onChanged,
}: {
  envelope: Envelope
  agreements?: ReadonlyMap<string, string>
  onChanged: (message: string) => void
}) {
  const { account, language, t } = useSession()
  const [correcting, setCorrecting] = useState<Correction | undefined>()
  const [fields, setFields] = useState({ name: '', email: '', phone: '' })
  const [problem, setProblem] = useState<string | undefined>()
  const date = (iso: string | undefined) => formatDateTime(language, iso)

  const open = (correction: Correction) => {
    const phone = correction.recipient.phoneNumber
    setFields({
      name: correction.recipient.name ?? '',
      email: correction.recipient.email ?? '',
      phone: phone?.number ? `+${phone.countryCode ?? ''} ${phone.number}` : '',
    })
    setProblem(undefined)
    setCorrecting(correction)
  }

  const save = async () => {
    if (!correcting) return
    const { group, recipient } = correcting
    const phone = /^\+?(\d{1,3})\s+([\d\s]+)$/.exec(fields.phone.trim())
    const change = {
      recipientId: recipient.recipientId,
      name: fields.name.trim(),
      ...(recipient.deliveryMethod === 'SMS'
        ? phone
          ? { phoneNumber: { countryCode: phone[1], number: (phone[2] as string).replace(/\s/g, '') } }
          : {}
        : { email: fields.email.trim() }),
    }
    try {
      const result = await sendJson<{
        recipientUpdateResults: { errorDetails?: { errorCode?: string; message?: string } }[]
      }>(
        'PUT',
        accountPath(account.account_id, `/envelopes/${encodeURIComponent(envelope.envelopeId)}/recipients`),
        { [group]: [change] },
      )
      const refused = result.recipientUpdateResults.find((entry) => entry.errorDetails)
      if (refused) {
        setProblem(refused.errorDetails ? refusalText(refused.errorDetails, language, t) : t.failed)
        return
      }
      setCorrecting(undefined)
      onChanged(t.details.corrected)
    } catch (error) {
      setProblem(refusalText(error, language, t))
    }
  }

  return (
    <section aria-labelledby="recipients-title">
      <h2 id="recipients-title">{t.details.recipients}</h2>
      <ol className="recipients">
        {recipientsInOrder(envelope).map(({ group, recipient }) => (
          <li key={recipient.recipientId}>
            <div className="recipient-who">
              <strong>{recipient.name}</strong>{' '}
              <span className="muted">
                {recipient.deliveryMethod === 'SMS'
                  ? `+${recipient.phoneNumber?.countryCode ?? ''} ${recipient.phoneNumber?.number ?? ''}`
                  : recipient.email}
              </span>
            </div>
            <div className="muted">
              {t.details.routingOrder(Number(recipient.routingOrder ?? 1))} ·{' '}
              {t.details.delivery[recipient.deliveryMethod ?? 'email'] ?? recipient.deliveryMethod}
            </div>
            <span className={`badge status-${recipient.status}`}>
              {recipient.status === 'created'
                ? t.recipientNotYetSent
                : (t.status[recipient.status as StatusKey] ?? recipient.status)}
            </span>
            <ul className="timeline">
              {recipient.sentDateTime && <li>{t.details.timeline.sent(date(recipient.sentDateTime))}</li>}
              {recipient.deliveredDateTime && (
                <li>{t.details.timeline.delivered(date(recipient.deliveredDateTime))}</li>
              )}
              {agreements.has(recipient.recipientId) && (
                <li>{t.details.timeline.agreed(date(agreements.get(recipient.recipientId)))}</li>
              )}
              {recipient.signedDateTime && (
                <li>{t.details.timeline.signed(date(recipient.signedDateTime))}</li>
              )}
              {recipient.declinedDateTime && (
                <li>
                  {t.details.timeline.declined(date(recipient.declinedDateTime))}
                  {recipient.declinedReason && <> · {t.details.timeline.reason(recipient.declinedReason)}</>}
                </li>
              )}
            </ul>
            {inFlight(envelope.status) &&
              recipient.status !== 'completed' &&
              recipient.status !== 'signed' && (
                <button
                  type="button"
                  className="secondary"
                  aria-label={t.details.correctTitle(recipient.name ?? '')}
                  onClick={() => open({ group, recipient })}
                >
                  {t.details.correct}
                </button>
              )}
          </li>
        ))}
      </ol>
      {correcting && (
        <Dialog
          title={t.details.correctTitle(correcting.recipient.name ?? '')}
          submitLabel={t.details.save}
          cancelLabel={t.details.cancel}
          onSubmit={save}
          onClose={() => setCorrecting(undefined)}
        >
          <label className="field">
            <span>{t.details.name}</span>
            <input
              required
              value={fields.name}
              onChange={(event) => setFields({ ...fields, name: event.target.value })}
            />
          </label>
          {correcting.recipient.deliveryMethod === 'SMS' ? (
            <label className="field">
              <span>{t.details.phone}</span>
              <input
                type="tel"
                value={fields.phone}
                onChange={(event) => setFields({ ...fields, phone: event.target.value })}
              />
            </label>
          ) : (
            <label className="field">
              <span>{t.details.email}</span>
              <input
                type="email"
                required
                value={fields.email}
                onChange={(event) => setFields({ ...fields, email: event.target.value })}
              />
            </label>
          )}
          <p className="muted">{t.details.unlockNote}</p>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
        </Dialog>
      )}
    </section>
  )
}
