import { useEffect, useState } from 'react'
import type { SignInMethod, SignInOutcome } from '../../../../src/identity/sign-in-history/model.js'
import { accountPath, getJson } from '../api.js'
import { useSession } from '../context.js'
import { formatDateTime } from '../i18n.js'
import { browserName } from './browser-name.js'
import { SECURITY_WORDS, type SecurityWords } from './words.js'

interface SignInEvent {
  at: string
  outcome: SignInOutcome
  method?: SignInMethod
  ip?: string
  userAgent?: string
}

/** The person's recent sign-ins and refused attempts (the service's `sign_in_history`), newest first. */
export function SignInHistory() {
  const { account, language } = useSession()
  const words = SECURITY_WORDS[language]
  const [events, setEvents] = useState<SignInEvent[] | 'failed' | undefined>()
  const path = accountPath(account.account_id, '/sign_in_history?count=20')
  useEffect(() => {
    getJson<{ events: SignInEvent[] }>(path).then(
      (history) => setEvents(history.events),
      () => setEvents('failed'),
    )
  }, [path])

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{words.history}</h2>
      <p className="muted">{words.historyLead}</p>
      {events === undefined && <p role="status">{words.loading}</p>}
      {events === 'failed' && <p role="alert">{words.failed}</p>}
      {Array.isArray(events) && events.length === 0 && <p>{words.noHistory}</p>}
      {Array.isArray(events) && events.length > 0 && (
        <ol className="sign-in-history">
          {events.map((event) => (
            <li key={`${event.at}-${event.outcome}-${event.ip ?? ''}`} className={event.outcome}>
              <strong>{words.outcome[event.outcome] ?? event.outcome}</strong>
              {event.method && words.method[event.method] ? ` ${words.method[event.method]}` : ''}
              <span className="when">{formatDateTime(language, event.at)}</span>
              <span className="muted">{describe(event, words)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function describe(event: SignInEvent, words: SecurityWords): string {
  const { browser, system } = browserName(event.userAgent ?? '')
  const agent =
    browser && system ? words.browserOn(browser, system) : (browser ?? system ?? words.unknownBrowser)
  return event.ip ? `${agent} · ${words.address(event.ip)}` : agent
}
