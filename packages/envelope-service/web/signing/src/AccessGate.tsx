import { type FormEvent, useEffect, useState } from 'react'
import type { AuthOutcome, AuthStatus } from '../../../src/signing/auth/schema.js'
import {
  LinkRefusedError,
  RecipientLockedError,
  ServiceRefusedError,
  setAuthToken,
  signingApi,
  TooManyCodesError,
} from './api.js'
import { chooseLanguage, type Words, wordsFor } from './i18n.js'

type Method = AuthStatus['required'][number]

type Gate =
  | { kind: 'loading' }
  | { kind: 'asking'; status: AuthStatus }
  | { kind: 'locked'; words: Words }
  | { kind: 'refused' }

/**
 * Asks for what the recipient owes before the page loads anything of the envelope: the access code, then
 * a code texted to the recipient's phone. The server counts every attempt; this only shows what it says.
 */
export function AccessGate({
  token,
  words: fallbackWords,
  onPassed,
  onRefused,
}: {
  token: string
  words: Words
  onPassed: () => void
  onRefused: () => void
}) {
  const [gate, setGate] = useState<Gate>({ kind: 'loading' })

  useEffect(() => {
    signingApi
      .authStatus(token)
      .then((status) => {
        if (status.pending.length === 0) onPassed()
        else if (status.locked) setGate({ kind: 'locked', words: wordsOf(status) })
        else setGate({ kind: 'asking', status })
      })
      .catch((error: unknown) => {
        if (error instanceof LinkRefusedError) onRefused()
        else setGate({ kind: 'refused' })
      })
  }, [token, onPassed, onRefused])

  if (gate.kind === 'loading') return <main className="notice" aria-busy="true" />
  if (gate.kind === 'refused')
    return (
      <main className="notice" role="alert">
        {fallbackWords.failed}
      </main>
    )
  if (gate.kind === 'locked') return <LockedNotice words={gate.words} />
  return (
    <Checks
      token={token}
      status={gate.status}
      onPassed={onPassed}
      onLocked={() => setGate({ kind: 'locked', words: wordsOf(gate.status) })}
    />
  )
}

/** The code field takes the focus when it appears: it is the only thing to do on the page. */
const focusOnMount = (element: HTMLInputElement | null) => element?.focus()

const wordsOf = (status: AuthStatus) =>
  wordsFor(chooseLanguage(status.language, navigator.languages ?? [navigator.language]))

function LockedNotice({ words }: { words: Words }) {
  return (
    <main className="notice" role="alert" data-testid="recipient-locked">
      {words.gate.locked}
    </main>
  )
}

function Checks({
  token,
  status,
  onPassed,
  onLocked,
}: {
  token: string
  status: AuthStatus
  onPassed: () => void
  onLocked: () => void
}) {
  const words = wordsOf(status)
  const [pending, setPending] = useState<Method[]>(status.pending)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const method = pending[0]

  useEffect(() => {
    document.documentElement.lang = status.language ?? document.documentElement.lang
  }, [status.language])

  /** Applies the server's answer to one attempt; true when the field should be cleared. */
  function apply(outcome: AuthOutcome) {
    if (outcome.outcome === 'locked') return onLocked()
    if (outcome.outcome === 'failed') setError(words.gate.wrong(outcome.attemptsLeft ?? 0))
    if (outcome.outcome === 'expired') setError(words.gate.expired)
    if (outcome.outcome !== 'passed') return
    if (outcome.authToken) setAuthToken(outcome.authToken)
    setError(undefined)
    if (outcome.pending.length === 0) onPassed()
    else setPending(outcome.pending)
  }

  async function attempt(action: () => Promise<AuthOutcome>) {
    setBusy(true)
    try {
      apply(await action())
    } catch (caught) {
      if (caught instanceof RecipientLockedError) onLocked()
      else setError(caught instanceof ServiceRefusedError ? words.refused(caught.message) : words.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="notice gate" aria-labelledby="gate-title">
      <h1 id="gate-title">{words.gate.title}</h1>
      {method === 'access_code' ? (
        <AccessCodeForm
          words={words}
          busy={busy}
          onSubmit={(code) => attempt(() => signingApi.accessCode(token, code))}
        />
      ) : (
        <SmsCodeForm
          token={token}
          words={words}
          busy={busy}
          phones={status.phones ?? []}
          onError={setError}
          onLocked={onLocked}
          onSubmit={(code) => attempt(() => signingApi.smsCode(token, code))}
        />
      )}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </main>
  )
}

function AccessCodeForm({
  words,
  busy,
  onSubmit,
}: {
  words: Words
  busy: boolean
  onSubmit: (code: string) => Promise<void>
}) {
  const [code, setCode] = useState('')
  function submit(event: FormEvent) {
    event.preventDefault()
    // Cleared at once, not when the answer comes: what the recipient types next is never wiped.
    setCode('')
    void onSubmit(code)
  }
  return (
    <form onSubmit={submit}>
      <p>{words.gate.accessCodeIntro}</p>
      <label className="field">
        {words.gate.accessCode}
        <input
          name="accessCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          maxLength={50}
          required
          ref={focusOnMount}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || code.trim() === ''}>
        {busy ? words.gate.checking : words.gate.submit}
      </button>
    </form>
  )
}

function SmsCodeForm({
  token,
  words,
  busy,
  phones,
  onError,
  onLocked,
  onSubmit,
}: {
  token: string
  words: Words
  busy: boolean
  phones: string[]
  onError: (message: string | undefined) => void
  onLocked: () => void
  onSubmit: (code: string) => Promise<void>
}) {
  const [sent, setSent] = useState<{ to: string; minutes: number; phoneIndex: number }>()
  const [sending, setSending] = useState(false)
  const [code, setCode] = useState('')

  async function send(phoneIndex: number) {
    setSending(true)
    onError(undefined)
    try {
      const result = await signingApi.sendSmsCode(token, phoneIndex)
      setSent({ to: result.sentTo, minutes: Math.round(result.expiresInSeconds / 60), phoneIndex })
      setCode('')
    } catch (caught) {
      if (caught instanceof RecipientLockedError) onLocked()
      else onError(caught instanceof TooManyCodesError ? words.gate.tooMany : words.failed)
    } finally {
      setSending(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    // Cleared at once, not when the answer comes: what the recipient types next is never wiped.
    setCode('')
    void onSubmit(code)
  }

  if (!sent)
    return (
      <div>
        <p>{words.gate.smsIntro}</p>
        {phones.map((phone, index) => (
          <button
            key={phone}
            type="button"
            className="primary"
            disabled={sending}
            onClick={() => void send(index)}
          >
            {words.gate.sendTo(phone)}
          </button>
        ))}
      </div>
    )
  return (
    <form onSubmit={submit}>
      <p role="status">{words.gate.sent(sent.to, sent.minutes)}</p>
      <label className="field">
        {words.gate.smsCode}
        <input
          name="smsCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 -]{6,12}"
          maxLength={12}
          required
          ref={focusOnMount}
        />
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || code.trim().length < 6}>
          {busy ? words.gate.checking : words.gate.submit}
        </button>
        <button type="button" className="link" disabled={sending} onClick={() => void send(sent.phoneIndex)}>
          {words.gate.resend}
        </button>
      </div>
    </form>
  )
}
