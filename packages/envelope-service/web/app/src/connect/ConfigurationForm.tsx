import { useState } from 'react'
import { ADMIN_WORDS } from '../admin/words.js'
import { useSession } from '../context.js'
import { Dialog } from '../Dialog.js'
import { refusalText } from '../refusal.js'
import type { ConnectConfiguration } from './types.js'
import { CONNECT_EVENTS, CONNECT_WORDS, INCLUDE_DATA } from './words.js'

export interface ConfigurationSettings {
  name: string
  urlToPublishTo: string
  events: string[]
  allUsers: string
  userIds?: string[]
  includeHMAC: string
  enabled: string
  eventData: { version: string; format: string; includeData: string[] }
}

const DEFAULT_EVENTS = ['envelope-sent', 'envelope-completed', 'envelope-declined', 'envelope-voided']

/** Create or edit a configuration: name, URL, events, what each delivery includes, enabled, HMAC. */
export function ConfigurationForm(props: {
  configuration?: ConnectConfiguration
  onSave: (settings: ConfigurationSettings) => Promise<void>
  onClose: () => void
}) {
  const { language, t } = useSession()
  const words = CONNECT_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const existing = props.configuration
  const [name, setName] = useState(existing?.name ?? '')
  const [url, setUrl] = useState(existing?.urlToPublishTo ?? 'https://')
  const [events, setEvents] = useState<string[]>(existing?.events ?? DEFAULT_EVENTS)
  const [includeData, setIncludeData] = useState<string[]>(existing?.eventData.includeData ?? ['recipients'])
  const [enabled, setEnabled] = useState(existing ? existing.enabled === 'true' : true)
  const [hmac, setHmac] = useState(existing?.includeHMAC === 'true')
  const [problem, setProblem] = useState<string | undefined>()

  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value)

  const save = async () => {
    if (events.length === 0) {
      setProblem(words.chooseEvents)
      return
    }
    try {
      await props.onSave({
        name: name.trim(),
        urlToPublishTo: url.trim(),
        events,
        allUsers: existing?.allUsers ?? 'true',
        ...(existing?.userIds ? { userIds: existing.userIds } : {}),
        includeHMAC: String(hmac),
        enabled: String(enabled),
        eventData: { version: 'restv2.1', format: 'json', includeData },
      })
    } catch (error) {
      setProblem(refusalText(error, language, t))
    }
  }

  return (
    <Dialog
      title={existing ? words.editTitle(existing.name) : words.createTitle}
      submitLabel={existing ? admin.save : words.create}
      cancelLabel={admin.cancel}
      onSubmit={save}
      onClose={props.onClose}
    >
      <label className="field">
        <span>{words.name}</span>
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="field">
        <span>{words.url}</span>
        <input
          required
          type="url"
          maxLength={2048}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <fieldset className="choices">
        <legend>{words.events}</legend>
        {CONNECT_EVENTS.map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => setEvents(toggle(events, event, change.target.checked))}
            />{' '}
            {words.event[event]}
          </label>
        ))}
      </fieldset>
      <fieldset className="choices">
        <legend>{words.includeData}</legend>
        {INCLUDE_DATA.map((item) => (
          <label key={item}>
            <input
              type="checkbox"
              checked={includeData.includes(item)}
              onChange={(change) => setIncludeData(toggle(includeData, item, change.target.checked))}
            />{' '}
            {words.data[item]}
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
        {words.enabled}
      </label>
      <label className="check">
        <input type="checkbox" checked={hmac} onChange={(event) => setHmac(event.target.checked)} />{' '}
        {words.hmac}
      </label>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </Dialog>
  )
}
