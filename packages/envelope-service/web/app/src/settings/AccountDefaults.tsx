import { useEffect, useState } from 'react'
import { call, getJson } from '../api.js'
import { useSession } from '../context.js'
import { refusalText } from '../refusal.js'
import { SETTINGS_WORDS } from './words.js'

interface AccountNotification {
  reminders: { reminderEnabled: string; reminderDelay: string; reminderFrequency: string }
  expirations: { expireEnabled: string; expireAfter: string; expireWarn: string }
  userOverrideEnabled: string
}

/**
 * The account's reminder and expiration defaults: DocuSign's `accountSettingsInformation.accountNotification`,
 * read with `GET /settings` and saved with `PUT /settings`.
 */
export function AccountDefaults(props: {
  path: (rest: string) => string
  onNotice: (message: string) => void
}) {
  const { language, t } = useSession()
  const words = SETTINGS_WORDS[language]
  const [form, setForm] = useState<AccountNotification | undefined>()
  const [failed, setFailed] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()

  const settingsPath = props.path('/settings')
  useEffect(() => {
    getJson<{ accountNotification: AccountNotification }>(settingsPath).then(
      (settings) => setForm(settings.accountNotification),
      () => setFailed(true),
    )
  }, [settingsPath])

  if (failed) return <p role="alert">{t.failed}</p>
  if (!form) return <p role="status">{t.loading}</p>
  const reminders = (change: Partial<AccountNotification['reminders']>) =>
    setForm({ ...form, reminders: { ...form.reminders, ...change } })
  const expirations = (change: Partial<AccountNotification['expirations']>) =>
    setForm({ ...form, expirations: { ...form.expirations, ...change } })
  const number = (label: string, value: string, onChange: (value: string) => void, min: number) => (
    <label className="field narrow">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={999}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )

  return (
    <section aria-labelledby="defaults-title">
      <h2 id="defaults-title">{words.defaults}</h2>
      <p className="muted">{words.defaultsIntro}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setProblem(undefined)
          call(settingsPath, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ accountNotification: form }),
          })
            .then(() => props.onNotice(words.defaultsSaved))
            .catch((error) => setProblem(refusalText(error, language, t)))
        }}
      >
        <label className="check">
          <input
            type="checkbox"
            checked={form.reminders.reminderEnabled === 'true'}
            onChange={(event) => reminders({ reminderEnabled: String(event.target.checked) })}
          />{' '}
          {words.remindersOn}
        </label>
        {form.reminders.reminderEnabled === 'true' && (
          <div className="field-row">
            {number(
              words.reminderDelay,
              form.reminders.reminderDelay,
              (value) => reminders({ reminderDelay: value }),
              0,
            )}
            {number(
              words.reminderFrequency,
              form.reminders.reminderFrequency,
              (value) => reminders({ reminderFrequency: value }),
              0,
            )}
          </div>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={form.expirations.expireEnabled === 'true'}
            onChange={(event) => expirations({ expireEnabled: String(event.target.checked) })}
          />{' '}
          {words.expireOn}
        </label>
        {form.expirations.expireEnabled === 'true' && (
          <div className="field-row">
            {number(
              words.expireAfter,
              form.expirations.expireAfter,
              (value) => expirations({ expireAfter: value }),
              1,
            )}
            {number(
              words.expireWarn,
              form.expirations.expireWarn,
              (value) => expirations({ expireWarn: value }),
              0,
            )}
          </div>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={form.userOverrideEnabled === 'true'}
            onChange={(event) => setForm({ ...form, userOverrideEnabled: String(event.target.checked) })}
          />{' '}
          {words.userOverride}
        </label>
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <button type="submit">{words.saveDefaults}</button>
      </form>
    </section>
  )
}
