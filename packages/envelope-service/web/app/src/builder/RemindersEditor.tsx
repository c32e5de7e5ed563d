import { type ReminderProblem, type Reminders, reminderProblems } from './reminders.js'
import type { BuilderWords } from './words.js'

/** Reminders and expiration for envelopes sent from the template. */
export function RemindersEditor({
  reminders,
  words,
  onChange,
}: {
  reminders: Reminders
  words: BuilderWords
  onChange: (reminders: Reminders) => void
}) {
  const set = (patch: Partial<Reminders>) => onChange({ ...reminders, ...patch })
  const problems = reminderProblems(reminders)
  const days = (label: string, key: ReminderProblem) => (
    <label className="field narrow">
      <span>{label}</span>
      <input
        inputMode="numeric"
        value={reminders[key]}
        aria-invalid={problems.includes(key)}
        onChange={(event) => set({ [key]: event.target.value.trim() })}
      />
    </label>
  )
  return (
    <fieldset className="custom-fields reminders">
      <legend>{words.remindersHeading}</legend>
      {problems.map((problem) => (
        <p key={problem} role="alert" className="warning">
          {words.reminderProblem[problem]}
        </p>
      ))}
      <label className="check">
        <input
          type="checkbox"
          checked={reminders.remind}
          onChange={(event) => set({ remind: event.target.checked })}
        />
        {words.sendReminders}
      </label>
      {reminders.remind && (
        <>
          {days(words.reminderDelay, 'reminderDelay')}
          {days(words.reminderFrequency, 'reminderFrequency')}
        </>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={reminders.expire}
          onChange={(event) => set({ expire: event.target.checked })}
        />
        {words.expires}
      </label>
      {reminders.expire && (
        <>
          {days(words.expireAfter, 'expireAfter')}
          {days(words.expireWarn, 'expireWarn')}
        </>
      )}
    </fieldset>
  )
}
