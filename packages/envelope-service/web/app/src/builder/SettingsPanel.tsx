import { useId } from 'react'
import { CustomFieldsEditor } from './CustomFieldsEditor.js'
import { FlagWithHint } from './FlagWithHint.js'
import type { Settings } from './model.js'
import { RemindersEditor } from './RemindersEditor.js'
import type { BuilderWords } from './words.js'

/**
 * The template's name, description, invitation subject and message, sharing and custom fields; for an
 * envelope draft (`draft`), its invitation subject and message only (saved with `PUT /envelopes/{id}`).
 */
export function SettingsPanel({
  settings,
  words,
  draft = false,
  onChange,
}: {
  settings: Settings
  words: BuilderWords
  draft?: boolean
  onChange: (settings: Settings) => void
}) {
  const id = useId()
  const set = (patch: Partial<Settings>) => onChange({ ...settings, ...patch })
  // A locked draft keeps its subject and message (the service refuses a change), unless it has no subject.
  const locked = draft && settings.messageLock && settings.emailSubject !== ''
  const message = (
    <>
      <label className="field">
        <span>{words.emailSubject}</span>
        <input
          value={settings.emailSubject}
          maxLength={100}
          readOnly={locked}
          aria-describedby={locked ? `${id}-locked` : undefined}
          onChange={(event) => set({ emailSubject: event.target.value })}
        />
      </label>
      <label className="field">
        <span>{words.emailBlurb}</span>
        <textarea
          rows={2}
          value={settings.emailBlurb}
          maxLength={10000}
          readOnly={locked}
          aria-describedby={locked ? `${id}-locked` : undefined}
          onChange={(event) => set({ emailBlurb: event.target.value })}
        />
      </label>
      {locked && (
        <p className="muted" id={`${id}-locked`}>
          {words.messageLocked}
        </p>
      )}
    </>
  )
  if (draft) {
    return (
      <section className="panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{words.draftSettings}</h2>
        {message}
      </section>
    )
  }
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.settings}</h2>
      <label className="field">
        <span>{words.name}</span>
        <input
          value={settings.name}
          maxLength={100}
          onChange={(event) => set({ name: event.target.value })}
        />
      </label>
      {message}
      <label className="field">
        <span>{words.description}</span>
        <textarea
          rows={2}
          value={settings.description}
          maxLength={2000}
          onChange={(event) => set({ description: event.target.value })}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={settings.shared}
          onChange={(event) => set({ shared: event.target.checked })}
        />
        {words.shared}
      </label>
      {(['messageLock', 'envelopeIdStamping', 'useDisclosure'] as const).map((flag) => (
        <FlagWithHint
          key={flag}
          id={`${id}-${flag}`}
          checked={settings[flag]}
          label={words[flag]}
          hint={words[`${flag}Hint`]}
          onChange={(checked) => set({ [flag]: checked })}
        />
      ))}
      <RemindersEditor
        reminders={settings.reminders}
        words={words}
        onChange={(reminders) => set({ reminders })}
      />
      <CustomFieldsEditor
        fields={settings.customFields}
        words={words}
        onChange={(customFields) => set({ customFields })}
      />
    </section>
  )
}
