import { useEffect, useState } from 'react'
import { accountPath, getJson } from './api.js'
import { useSession } from './context.js'
import { type AuditEntry, chainLinks } from './envelope.js'
import { formatDateTime } from './i18n.js'

/**
 * The envelope's audit trail as `{name: value}` entries, asked again when `version` changes; none when
 * it cannot be read (the rest of the details screen still shows).
 */
export function useAuditEntries(envelopeId: string, version: number): AuditEntry[] | undefined {
  const { account } = useSession()
  const [entries, setEntries] = useState<AuditEntry[] | undefined>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks again after an action.
  useEffect(() => {
    getJson<{ auditEvents: { eventFields: { name: string; value: string }[] }[] }>(
      accountPath(account.account_id, `/envelopes/${encodeURIComponent(envelopeId)}/audit_events`),
    )
      .then((body) =>
        setEntries(
          body.auditEvents.map((event) =>
            Object.fromEntries(event.eventFields.map((field) => [field.name, field.value])),
          ),
        ),
      )
      .catch(() => setEntries([]))
  }, [account.account_id, envelopeId, version])
  return entries
}

/** The envelope's audit trail, newest last as recorded, and whether its hash chain links up. */
export function AuditTrail({ entries }: { entries: AuditEntry[] | undefined }) {
  const { language, t } = useSession()
  if (!entries) return null
  const intact = chainLinks(entries)
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t.details.auditTrail}</h2>
      <p className={intact ? 'chain-ok' : 'error'}>
        {intact ? t.details.chainIntact : t.details.chainBroken}
      </p>
      <div className="table-scroll">
        <table className="audit">
          <thead>
            <tr>
              <th scope="col">{t.details.auditTime}</th>
              <th scope="col">{t.details.auditAction}</th>
              <th scope="col">{t.details.auditBy}</th>
              <th scope="col">{t.details.auditMessage}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.EntryHash}>
                <td>{formatDateTime(language, entry.logTime)}</td>
                <td>{entry.Action}</td>
                <td>{entry.UserName}</td>
                <td>{entry.Message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
