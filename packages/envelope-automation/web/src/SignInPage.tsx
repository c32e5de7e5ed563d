import { type FormEvent, useState } from 'react'
import { type SessionInfo, signIn } from './api.js'
import { useUi } from './i18n.js'
import { useFocusOnMount } from './useFocusOnMount.js'

type Problem =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'failed' }
  | { kind: 'ended' }

/** The console's sign-in form; `sessionEnded` says why it is shown again after a session ran out. */
export function SignInPage({
  onSignedIn,
  sessionEnded,
}: {
  onSignedIn: (session: SessionInfo) => void
  sessionEnded: boolean
}) {
  const { t } = useUi()
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | undefined>(sessionEnded ? { kind: 'ended' } : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (username.trim() === '' || password === '') {
      setProblem({ kind: 'missing' })
      return
    }
    setBusy(true)
    const outcome = await signIn(username, password).finally(() => setBusy(false))
    if (outcome.kind === 'signed_in') {
      onSignedIn(outcome.session)
      return
    }
    setPassword('')
    setProblem(outcome)
  }

  const message =
    problem?.kind === 'missing'
      ? t.signInMissing
      : problem?.kind === 'invalid'
        ? t.signInInvalid
        : problem?.kind === 'locked'
          ? t.signInLocked(Math.max(1, Math.ceil(problem.retryAfterSeconds / 60)))
          : problem?.kind === 'failed'
            ? t.signInFailed
            : problem?.kind === 'ended'
              ? t.sessionEnded
              : undefined
  const invalid = problem !== undefined && problem.kind !== 'ended'

  return (
    <section aria-labelledby="sign-in-heading" className="sign-in">
      <h1 id="sign-in-heading" ref={heading} tabIndex={-1}>
        {t.signInTitle}
      </h1>
      <p>{t.signInIntro}</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="sign-in-username">{t.username}</label>
          <input
            id="sign-in-username"
            type="text"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid && (problem.kind !== 'missing' || username.trim() === '')}
            aria-describedby={message ? 'sign-in-problem' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">{t.password}</label>
          <input
            id="sign-in-password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={message ? 'sign-in-problem' : undefined}
          />
        </div>
        {message && (
          <p id="sign-in-problem" role="alert" className={problem?.kind === 'ended' ? 'notice' : 'error'}>
            {message}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t.signingIn : t.signInButton}
          </button>
        </div>
      </form>
    </section>
  )
}
