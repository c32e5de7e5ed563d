import { useState } from 'react'
import { useResource } from '../admin/use-resource.js'
import { ADMIN_WORDS } from '../admin/words.js'
import { sendJson } from '../api.js'
import { useSession } from '../context.js'
import { formatDateTime } from '../i18n.js'
import { refusalText } from '../refusal.js'
import type { ConnectLog, ConnectLogs } from './types.js'
import { CONNECT_WORDS } from './words.js'

type RetryResult = { retryQueue: { envelopeId: string; status: string }[] }

/**
 * The delivery log (`/connect/logs`) and the given-up deliveries (`/connect/failures`). A row's details
 * show the request body sent and the receiver's answer, from the log entry (`/connect/logs/{logId}`);
 * a failure shows its last error and the body of its latest logged attempt.
 */
export function Deliveries(props: {
  path: (rest: string) => string
  version: number
  onChanged: (message?: string) => void
}) {
  const { language, t } = useSession()
  const words = CONNECT_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const logs = useResource<ConnectLogs>(props.path('/connect/logs'), props.version)
  const failures = useResource<ConnectLogs>(props.path('/connect/failures'), props.version)
  const [open, setOpen] = useState<string | undefined>()
  const eventName = (event: string) => words.event[event as keyof typeof words.event] ?? event
  const date = (iso: string | undefined) => formatDateTime(language, iso)

  const retry = async (envelopeIds: string[]) => {
    try {
      const result =
        envelopeIds.length === 1
          ? await sendJson<RetryResult>(
              'PUT',
              props.path(`/connect/envelopes/${encodeURIComponent(envelopeIds[0] as string)}/retry_queue`),
              {},
            )
          : await sendJson<RetryResult>('PUT', props.path('/connect/envelopes/retry_queue'), { envelopeIds })
      props.onChanged(words.retried(result.retryQueue.filter((entry) => entry.status === 'Success').length))
    } catch (error) {
      props.onChanged(refusalText(error, language, t))
    }
  }

  const latestLogOf = (failure: ConnectLog) =>
    logs.data?.logs?.find(
      (log) =>
        log.envelopeId === failure.envelopeId &&
        log.connectId === failure.connectId &&
        log.event === failure.event,
    )
  const failureList = failures.data?.failures ?? []
  const failedEnvelopes = [...new Set(failureList.map((failure) => failure.envelopeId))]

  return (
    <>
      <section aria-labelledby="failures-title">
        <div className="section-head">
          <h2 id="failures-title">{words.failures}</h2>
          {failedEnvelopes.length > 0 && (
            <button type="button" onClick={() => void retry(failedEnvelopes)}>
              {words.retryAll}
            </button>
          )}
        </div>
        <p className="muted">{words.failuresIntro}</p>
        {failures.failed && <p role="alert">{t.failed}</p>}
        {failures.data && failureList.length === 0 && <p className="muted">{words.noFailures}</p>}
        {failureList.length > 0 && (
          <ul className="cards">
            {failureList.map((failure) => {
              const id = `failure-${failure.failureId}`
              const log = latestLogOf(failure)
              return (
                <li key={failure.failureId} className="card failure">
                  <div className="card-head">
                    <h3>{eventName(failure.event)}</h3>
                    <span className="badge status-declined">
                      {words.attempts(Number(failure.retryCount ?? 0) + 1)}
                    </span>
                  </div>
                  <p className="url">{failure.configUrl}</p>
                  <p>
                    {words.envelope}: <code>{failure.envelopeId}</code> · {date(failure.lastTry)}
                  </p>
                  <p className="error">
                    {words.error}: {failure.error}
                  </p>
                  <div className="row-buttons">
                    <button
                      type="button"
                      aria-label={words.retry(failure.envelopeId)}
                      onClick={() => void retry([failure.envelopeId])}
                    >
                      {words.retryButton}
                    </button>
                    {log?.logId && (
                      <button
                        type="button"
                        className="secondary"
                        aria-expanded={open === id}
                        aria-controls={open === id ? `${id}-panel` : undefined}
                        onClick={() => setOpen(open === id ? undefined : id)}
                      >
                        {words.details}
                      </button>
                    )}
                  </div>
                  {open === id && log?.logId && (
                    <LogBodies
                      id={`${id}-panel`}
                      path={props.path(`/connect/logs/${encodeURIComponent(log.logId)}`)}
                    />
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="log-title">
        <div className="section-head">
          <h2 id="log-title">{words.log}</h2>
          <button type="button" className="secondary" onClick={() => props.onChanged()}>
            {admin.refresh}
          </button>
        </div>
        {logs.failed && <p role="alert">{t.failed}</p>}
        {logs.data && (logs.data.logs ?? []).length === 0 && <p className="muted">{words.noLog}</p>}
        {logs.data && (logs.data.logs ?? []).length > 0 && (
          <div className="table-scroll">
            <table className="log">
              <thead>
                <tr>
                  <th scope="col">{words.when}</th>
                  <th scope="col">{words.eventColumn}</th>
                  <th scope="col">{words.envelope}</th>
                  <th scope="col">{words.outcome}</th>
                  <th scope="col">
                    <span className="visually-hidden">{words.details}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(logs.data.logs ?? []).map((log) => {
                  const id = `log-${log.logId}`
                  return (
                    <LogRow
                      key={log.logId}
                      log={log}
                      eventName={eventName(log.event)}
                      when={date(log.created)}
                      open={open === id}
                      onToggle={() => setOpen(open === id ? undefined : id)}
                      panel={
                        open === id && log.logId ? (
                          <LogBodies
                            id={`${id}-panel`}
                            path={props.path(`/connect/logs/${encodeURIComponent(log.logId)}`)}
                          />
                        ) : undefined
                      }
                    />
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}

function LogRow(props: {
  log: ConnectLog
  eventName: string
  when: string
  open: boolean
  onToggle: () => void
  panel: React.ReactNode
}) {
  const { language } = useSession()
  const words = CONNECT_WORDS[language]
  const { log } = props
  const panelId = `log-${log.logId}-panel`
  return (
    <>
      <tr className={log.error ? 'log-failed' : undefined}>
        <td>{props.when}</td>
        <td>{props.eventName}</td>
        <td>
          <code>{log.envelopeId}</code>
        </td>
        <td>{log.error ?? words.ok}</td>
        <td>
          <button
            type="button"
            className="secondary"
            aria-expanded={props.open}
            aria-controls={props.open ? panelId : undefined}
            aria-label={words.detailsOf(props.eventName, log.envelopeId)}
            onClick={props.onToggle}
          >
            {words.details}
          </button>
        </td>
      </tr>
      {props.panel && (
        <tr>
          <td colSpan={5}>{props.panel}</td>
        </tr>
      )}
    </>
  )
}

/** One attempt's request body and the receiver's answer, from the log entry. */
function LogBodies({ id, path }: { id: string; path: string }) {
  const { language, t } = useSession()
  const words = CONNECT_WORDS[language]
  const entry = useResource<ConnectLog>(path, 0)
  const debug = entry.data?.connectDebugLog?.[0]
  return (
    <div id={id} className="bodies">
      {entry.failed && <p role="alert">{t.failed}</p>}
      {!entry.data && !entry.failed && <p role="status">{t.loading}</p>}
      {entry.data && (
        <>
          <h4>{words.requestBody}</h4>
          {debug?.payload ? <pre>{pretty(debug.payload)}</pre> : <p className="muted">{words.noBody}</p>}
          <h4>{words.responseBody}</h4>
          <pre>{debug?.eventDescription ?? entry.data.error ?? words.ok}</pre>
        </>
      )}
    </div>
  )
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}
