import './sign-in-history.css'
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
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{words.history}</h2>
      <p className="muted">{words.historyLead}</p>
      <SignInEvents path={accountPath(account.account_id, '/sign_in_history?count=20')} />
    </section>
  )
}

/**
 * A list of sign-ins read from `path`: the person's own (above), or a member's for an administrator
 * (Settings, `users/{userId}/sign_in_history`).
 */
export function SignInEvents(props: { path: string }) {
  const { language } = useSession()
  const words = SECURITY_WORDS[language]
  const [events, setEvents] = useState<SignInEvent[] | 'failed' | undefined>()
  useEffect(() => {
    getJson<{ events: SignInEvent[] }>(props.path).then(
      (history) => setEvents(history.events),
      () => setEvents('failed'),
    )
  }, [props.path])

  if (events === undefined) return <p role="status">{words.loading}</p>
  if (events === 'failed') return <p role="alert">{words.failed}</p>
  if (events.length === 0) return <p>{words.noHistory}</p>
  return (
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
  )
}

function describe(event: SignInEvent, words: SecurityWords): string {
  const { browser, system } = browserName(event.userAgent ?? '')
  const agent =
    browser && system ? words.browserOn(browser, system) : (browser ?? system ?? words.unknownBrowser)
  return event.ip ? `${agent} · ${words.address(event.ip)}` : agent
}
