import { useEffect, useState } from 'react'
import { ApiError, accountPath, getJson } from './api.js'
import { useSession } from './context.js'
import { formatDateTime, type StatusKey } from './i18n.js'
import { onLinkClick } from './router.js'

interface Recipient {
  recipientId: string
  name?: string
  email?: string
  routingOrder?: string
  status?: string
  deliveryMethod?: string
  sentDateTime?: string
  deliveredDateTime?: string
  signedDateTime?: string
  declinedDateTime?: string
  declinedReason?: string
}

interface Envelope {
  envelopeId: string
  status: string
  emailSubject?: string
  createdDateTime?: string
  sentDateTime?: string
  voidedReason?: string
  sender?: { userName?: string; email?: string }
  recipients?: Record<string, Recipient[] | string | undefined>
  envelopeDocuments?: { documentId: string; name: string; type?: string }[]
  customFields?: {
    textCustomFields?: { name: string; value?: string }[]
    listCustomFields?: { name: string; value?: string }[]
  }
}

/** Every recipient of every type, in routing order (then as listed). */
function recipientsOf(envelope: Envelope): Recipient[] {
  const all = Object.values(envelope.recipients ?? {}).flatMap((group) => (Array.isArray(group) ? group : []))
  return all.sort((a, b) => Number(a.routingOrder ?? 1) - Number(b.routingOrder ?? 1))
}

export function EnvelopeDetails({ envelopeId }: { envelopeId: string }) {
  const { account, language, t } = useSession()
  const [envelope, setEnvelope] = useState<Envelope | undefined>()
  const [problem, setProblem] = useState<'notFound' | 'failed' | undefined>()

  useEffect(() => {
    getJson<Envelope>(
      accountPath(
        account.account_id,
        `/envelopes/${encodeURIComponent(envelopeId)}?include=recipients,documents,custom_fields`,
      ),
    )
      .then(setEnvelope)
      .catch((error) => setProblem(error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed'))
  }, [account.account_id, envelopeId])

  const customFields = [
    ...(envelope?.customFields?.textCustomFields ?? []),
    ...(envelope?.customFields?.listCustomFields ?? []),
  ]
  return (
    <div className="details">
      <p>
        <a href="/app/" onClick={onLinkClick}>
          ← {t.back}
        </a>
      </p>
      {problem && (
        <p role="alert" className="error">
          {problem === 'notFound' ? t.notFound : t.failed}
        </p>
      )}
      {!envelope && !problem && <p role="status">{t.loading}</p>}
      {envelope && (
        <>
          <div className="details-head">
            <h1>{envelope.emailSubject || t.noSubject}</h1>
            <span className={`badge status-${envelope.status}`}>
              {t.status[envelope.status as StatusKey] ?? envelope.status}
            </span>
          </div>
          <p className="meta">
            {envelope.sender?.userName} ·{' '}
            {t.details.createdOn(formatDateTime(language, envelope.createdDateTime))}
            {envelope.sentDateTime && (
              <> · {t.details.sentOn(formatDateTime(language, envelope.sentDateTime))}</>
            )}
          </p>
          <section aria-labelledby="recipients-title">
            <h2 id="recipients-title">{t.details.recipients}</h2>
            <ol className="recipients">
              {recipientsOf(envelope).map((recipient) => (
                <li key={recipient.recipientId}>
                  <div>
                    <strong>{recipient.name}</strong> <span className="muted">{recipient.email}</span>
                  </div>
                  <div className="muted">
                    {t.details.routingOrder(Number(recipient.routingOrder ?? 1))} ·{' '}
                    {t.details.delivery[recipient.deliveryMethod ?? 'email'] ?? recipient.deliveryMethod}
                  </div>
                  <span className={`badge status-${recipient.status}`}>
                    {t.status[recipient.status as StatusKey] ?? recipient.status}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="documents-title">
            <h2 id="documents-title">{t.details.documents}</h2>
            <ul className="documents">
              {(envelope.envelopeDocuments ?? [])
                .filter((document) => document.documentId !== 'certificate')
                .map((document) => (
                  <li key={document.documentId}>{document.name}</li>
                ))}
            </ul>
          </section>
          <section aria-labelledby="fields-title">
            <h2 id="fields-title">{t.details.customFields}</h2>
            {customFields.length === 0 ? (
              <p className="muted">{t.details.noCustomFields}</p>
            ) : (
              <dl className="fields">
                {customFields.map((field) => (
                  <div key={field.name}>
                    <dt>{field.name}</dt>
                    <dd>{field.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        </>
      )}
    </div>
  )
}
