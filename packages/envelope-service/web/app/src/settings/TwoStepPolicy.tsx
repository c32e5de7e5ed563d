import { useEffect, useRef, useState } from 'react'
import { call, getJson } from '../api.js'
import { useSession } from '../context.js'
import { refusalText } from '../refusal.js'
import { SETTINGS_WORDS } from './words.js'

interface Policy {
  required: boolean
  membersWithout: number
  membersNotSetUp: Array<{ userId: string; userName: string; email: string }>
}

/**
 * Whether the account requires two-step sign-in of everyone in it (the service's
 * `two_step_sign_in_policy`), with who has not set it up yet.
 */
export function TwoStepPolicy(props: {
  path: (rest: string) => string
  onNotice: (message: string) => void
  /** Grows when the Users section changed someone: the list below is read again. */
  usersVersion: number
}) {
  const { language, t } = useSession()
  const words = SETTINGS_WORDS[language]
  const [policy, setPolicy] = useState<Policy | undefined>()
  const [required, setRequired] = useState(false)
  const [failed, setFailed] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  const policyPath = props.path('/two_step_sign_in_policy')
  const { usersVersion } = props
  const firstLoad = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: usersVersion asks again after a change in Users.
  useEffect(() => {
    const first = firstLoad.current
    firstLoad.current = false
    getJson<Policy>(policyPath).then(
      (loaded) => {
        setPolicy(loaded)
        // A reload after a change in Users keeps what the administrator has ticked but not saved.
        if (first) setRequired(loaded.required)
      },
      () => setFailed(true),
    )
  }, [policyPath, usersVersion])

  if (failed) return <p role="alert">{t.failed}</p>
  if (!policy) return <p role="status">{t.loading}</p>
  return (
    <section aria-labelledby="sign-in-policy-title">
      <h2 id="sign-in-policy-title">{words.signIn}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setProblem(undefined)
          setBusy(true)
          call(policyPath, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ required }),
          })
            .then(async (response) => {
              const saved = (await response.json()) as Policy
              setPolicy(saved)
              setRequired(saved.required)
              props.onNotice(saved.required ? words.nowRequired : words.noLongerRequired)
            })
            .catch((error) => setProblem(refusalText(error, language, t)))
            .finally(() => setBusy(false))
        }}
      >
        <label className="check">
          <input
            type="checkbox"
            checked={required}
            aria-describedby="require-two-step-hint"
            onChange={(event) => setRequired(event.target.checked)}
          />{' '}
          {words.requireTwoStep}
        </label>
        <p className="muted" id="require-two-step-hint">
          {words.requireTwoStepHint}
        </p>
        <p id="members-without">{words.membersWithout(policy.membersWithout, policy.required)}</p>
        {policy.membersNotSetUp.length > 0 && (
          <ul aria-labelledby="members-without" className="members-not-set-up">
            {policy.membersNotSetUp.map((member) => (
              <li key={member.userId}>
                {member.userName} <span className="muted">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy || required === policy.required}>
          {words.savePolicy}
        </button>
      </form>
    </section>
  )
}
