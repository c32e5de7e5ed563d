import { useCallback, useEffect, useState } from 'react'
import { ApiError, type CaseDetail, getCase } from './api.js'
import { formatDate, useUi } from './i18n.js'
import { Link } from './router.js'
import { SendPanel } from './SendPanel.js'
import { useFocusOnMount } from './useFocusOnMount.js'

export function CasePage({ caseId }: { caseId: string }) {
  const { t, language } = useUi()
  const [detail, setDetail] = useState<CaseDetail | undefined>()
  const [failure, setFailure] = useState<'not_found' | 'failed' | undefined>()
  const heading = useFocusOnMount<HTMLHeadingElement>(detail === undefined)

  const load = useCallback(() => {
    getCase(caseId).then(setDetail, (error) =>
      setFailure(error instanceof ApiError && error.status === 404 ? 'not_found' : 'failed'),
    )
  }, [caseId])
  useEffect(load, [load])

  if (failure || !detail) {
    return (
      <section>
        <p>
          <Link to="/">← {t.backToCases}</Link>
        </p>
        <p role={failure ? 'alert' : undefined} aria-live="polite">
          {failure === 'not_found' ? t.notFound : failure ? t.loadFailed : t.loading}
        </p>
      </section>
    )
  }
  const contact = detail.contact
  return (
    <article aria-labelledby="case-heading">
      <p>
        <Link to="/">← {t.backToCases}</Link>
      </p>
      <h1 id="case-heading" ref={heading} tabIndex={-1}>
        {t.caseTitle(detail.caseNumber)}
      </h1>
      <dl className="facts">
        <div>
          <dt>{t.signingRecipient}</dt>
          <dd>{contact ? contact.name : t.noContact}</dd>
        </div>
        {contact && (
          <>
            <div>
              <dt>{t.email}</dt>
              <dd>{contact.email ?? t.none}</dd>
            </div>
            <div>
              <dt>{t.mobile}</dt>
              <dd>{contact.mobile ?? t.none}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t.serviceCoordinator}</dt>
          <dd>
            {detail.serviceCoordinator.name} &lt;{detail.serviceCoordinator.email}&gt;
          </dd>
        </div>
      </dl>

      <section aria-labelledby="envelopes-heading">
        <h2 id="envelopes-heading">{t.envelopes}</h2>
        {detail.envelopes.length === 0 ? (
          <p>{t.noEnvelopes}</p>
        ) : (
          <div className="table-scroll">
            <table className="envelopes">
              <thead>
                <tr>
                  <th scope="col">{t.envelopeId}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.sentAt}</th>
                  <th scope="col">{t.completedAt}</th>
                  <th scope="col">{t.documents}</th>
                </tr>
              </thead>
              <tbody>
                {detail.envelopes.map((envelope) => (
                  <tr key={envelope.envelopeId}>
                    <td data-label={t.envelopeId} className="envelope-id">
                      <code>{envelope.envelopeId}</code>
                    </td>
                    <td data-label={t.status}>
                      <span className={`status status-${envelope.status}`}>
                        {t.statusName(envelope.status)}
                      </span>
                    </td>
                    <td data-label={t.sentAt}>{formatDate(envelope.sentAt, language)}</td>
                    <td data-label={t.completedAt}>
                      {envelope.completedAt ? formatDate(envelope.completedAt, language) : '—'}
                    </td>
                    <td data-label={t.documents}>
                      <a
                        href={`/api/cases/${encodeURIComponent(detail.id)}/envelopes/${encodeURIComponent(envelope.envelopeId)}/documents.pdf`}
                        download
                      >
                        {envelope.status === 'completed' ? t.signedPdf : t.documentsPdf}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <SendPanel detail={detail} onSent={load} />
    </article>
  )
}
