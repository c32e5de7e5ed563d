import { useEffect, useState } from 'react'
import { AuditTrail, useAuditEntries } from './AuditTrail.js'
import { ApiError, accountPath, type EnvelopesInformation, getJson, sendJson } from './api.js'
import { useSession } from './context.js'
import { Dialog } from './Dialog.js'
import { Documents } from './Documents.js'
import { EMBEDDED_WORDS } from './embedded/words.js'
import { disclosureAgreements, type Envelope, inFlight } from './envelope.js'
import { formatDateTime, type StatusKey } from './i18n.js'
import { Recipients } from './Recipients.js'
import { refusalText } from './refusal.js'
import { onLinkClick } from './router.js'
import { SignNow } from './sign-now/SignNow.js'

export function EnvelopeDetails({ envelopeId }: { envelopeId: string }) {
  const { account, language, t } = useSession()
  const [envelope, setEnvelope] = useState<Envelope | undefined>()
  const [deleted, setDeleted] = useState(false)
  const [problem, setProblem] = useState<'notFound' | 'failed' | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const [version, setVersion] = useState(0)
  const [voiding, setVoiding] = useState(false)
  const [voidReason, setVoidReason] = useState('')
  const auditEntries = useAuditEntries(envelopeId, version)
  const envelopePath = (path = '') =>
    accountPath(account.account_id, `/envelopes/${encodeURIComponent(envelopeId)}${path}`)

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again after an action.
  useEffect(() => {
    Promise.all([
      getJson<Envelope>(envelopePath('?include=documents,custom_fields')),
      // The recipients resource carries each one's progress (viewed, signed, declined and why).
      getJson<Envelope['recipients']>(envelopePath('/recipients')),
      // Whether it sits in the recycle bin, asked the way any client would.
      getJson<EnvelopesInformation>(
        accountPath(
          account.account_id,
          `/envelopes?envelope_ids=${encodeURIComponent(envelopeId)}&folder_ids=recyclebin`,
        ),
      ),
    ])
      .then(([found, recipients, bin]) => {
        setEnvelope({ ...found, ...(recipients ? { recipients } : {}) })
        setDeleted(Number(bin.totalSetSize) > 0)
      })
      .catch((error) => setProblem(error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed'))
  }, [account.account_id, envelopeId, version])

  /** Runs an action, then shows its outcome and reloads what it changed. */
  const act = async (action: () => Promise<unknown>, done: string) => {
    setNotice(undefined)
    try {
      await action()
      setNotice(done)
    } catch (error) {
      setNotice(refusalText(error, language, t))
    }
    setVersion((value) => value + 1)
  }

  const moveTo = (folderId: string, fromFolderId?: string) =>
    sendJson('PUT', accountPath(account.account_id, `/folders/${folderId}`), {
      envelopeIds: [envelopeId],
      ...(fromFolderId ? { fromFolderId } : {}),
    })

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
          {envelope.voidedReason && <p>{t.details.voidedBecause(envelope.voidedReason)}</p>}
          <SignNow envelope={envelope} />
          <fieldset className="actions">
            <legend className="visually-hidden">{t.details.actions}</legend>
            {envelope.status === 'created' && (
              <a
                className="button"
                href={`/app/envelopes/${encodeURIComponent(envelopeId)}/edit`}
                onClick={onLinkClick}
              >
                {EMBEDDED_WORDS[language].editDraftLink}
              </a>
            )}
            {inFlight(envelope.status) && (
              <>
                <a
                  className="button secondary"
                  href={`/app/envelopes/${encodeURIComponent(envelopeId)}/correct`}
                  onClick={onLinkClick}
                >
                  {EMBEDDED_WORDS[language].correctLink}
                </a>
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void act(
                      () => sendJson('PUT', envelopePath('?resend_envelope=true'), {}),
                      t.details.resent,
                    )
                  }
                >
                  {t.details.resend}
                </button>
                <button type="button" className="secondary" onClick={() => setVoiding(true)}>
                  {t.details.voidAction}
                </button>
              </>
            )}
            {deleted ? (
              <button
                type="button"
                className="secondary"
                onClick={() => void act(() => moveTo('sentitems', 'recyclebin'), t.details.restored)}
              >
                {t.details.restore}
              </button>
            ) : (
              <button
                type="button"
                className="secondary"
                onClick={() => void act(() => moveTo('recyclebin'), t.details.deleted)}
              >
                {t.details.deleteAction}
              </button>
            )}
          </fieldset>
          <p role="status" className="notice-line">
            {notice}
          </p>
          <Recipients
            envelope={envelope}
            agreements={disclosureAgreements(auditEntries ?? [])}
            onChanged={(message) => void act(async () => undefined, message)}
          />
          <Documents envelope={envelope} />
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
          <AuditTrail entries={auditEntries} />
          {voiding && (
            <Dialog
              title={t.details.voidTitle}
              submitLabel={t.details.voidAction}
              cancelLabel={t.details.cancel}
              danger
              onClose={() => setVoiding(false)}
              onSubmit={async () => {
                setVoiding(false)
                await act(
                  () =>
                    sendJson('PUT', envelopePath(), { status: 'voided', voidedReason: voidReason.trim() }),
                  t.details.voided,
                )
              }}
            >
              <label className="field">
                <span>{t.details.voidReason}</span>
                <textarea
                  required
                  maxLength={200}
                  value={voidReason}
                  onChange={(event) => setVoidReason(event.target.value)}
                />
              </label>
            </Dialog>
          )}
        </>
      )}
    </div>
  )
}
