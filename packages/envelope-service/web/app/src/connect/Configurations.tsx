import { useState } from 'react'
import { ShownOnce } from '../admin/CopyButton.js'
import { useResource } from '../admin/use-resource.js'
import { ADMIN_WORDS } from '../admin/words.js'
import { call, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { refusalText } from '../refusal.js'
import { ConfigurationForm } from './ConfigurationForm.js'
import type { ConnectConfiguration, ConnectMetrics } from './types.js'
import { CONNECT_WORDS } from './words.js'

type Editing = { mode: 'create' } | { mode: 'edit'; configuration: ConnectConfiguration }

/** The configurations with their counts from `/connect/metrics`; create, edit, enable, disable, delete. */
export function Configurations(props: {
  path: (rest: string) => string
  version: number
  onChanged: (message?: string) => void
}) {
  const { language, t } = useSession()
  const words = CONNECT_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const list = useResource<{ configurations: ConnectConfiguration[] }>(props.path('/connect'), props.version)
  const metrics = useResource<ConnectMetrics>(props.path('/connect/metrics'), props.version)
  const [editing, setEditing] = useState<Editing | undefined>()
  const [secret, setSecret] = useState<string | undefined>()

  const act = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action()
      props.onChanged(message)
    } catch (error) {
      props.onChanged(refusalText(error, language, t))
    }
  }

  const setEnabled = (configuration: ConnectConfiguration, enabled: boolean) =>
    act(
      () =>
        sendJson('PUT', props.path('/connect'), {
          ...editable(configuration),
          connectId: configuration.connectId,
          enabled: String(enabled),
        }),
      words.saved(configuration.name),
    )

  const countsOf = (connectId: string) =>
    metrics.data?.configurations.find((entry) => entry.connectId === connectId)
  const envelopeWebhooks = countsOf('envelope')

  return (
    <section aria-labelledby="configurations-title">
      <div className="section-head">
        <h2 id="configurations-title">{words.configurations}</h2>
        <button type="button" onClick={() => setEditing({ mode: 'create' })}>
          {words.newConfiguration}
        </button>
      </div>
      {list.failed && <p role="alert">{t.failed}</p>}
      {!list.data && !list.failed && <p role="status">{t.loading}</p>}
      {list.data?.configurations.length === 0 && <p className="muted">{words.noConfigurations}</p>}
      {secret && (
        <SecretNotice secret={secret} label={words.hmacSecret} onClose={() => setSecret(undefined)} />
      )}
      {list.data && list.data.configurations.length > 0 && (
        <ul className="cards">
          {list.data.configurations.map((configuration) => {
            const enabled = configuration.enabled === 'true'
            const counts = countsOf(configuration.connectId)
            return (
              <li key={configuration.connectId} className="card">
                <div className="card-head">
                  <h3>{configuration.name}</h3>
                  <span className={`badge ${enabled ? 'status-completed' : 'status-voided'}`}>
                    {enabled ? words.on : words.off}
                  </span>
                </div>
                <p className="url">{configuration.urlToPublishTo}</p>
                <p className="muted">
                  {words.eventCount(configuration.events.length)}:{' '}
                  {configuration.events
                    .map((event) => words.event[event as keyof typeof words.event] ?? event)
                    .join(', ')}
                </p>
                {counts && <Counts counts={counts} />}
                <div className="row-buttons">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={words.edit(configuration.name)}
                    onClick={() => setEditing({ mode: 'edit', configuration })}
                  >
                    {words.editButton}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={
                      enabled ? words.disable(configuration.name) : words.enable(configuration.name)
                    }
                    onClick={() => void setEnabled(configuration, !enabled)}
                  >
                    {enabled ? words.disableButton : words.enableButton}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={words.remove(configuration.name)}
                    onClick={() =>
                      void act(
                        () =>
                          call(props.path(`/connect/${encodeURIComponent(configuration.connectId)}`), {
                            method: 'DELETE',
                          }),
                        words.removed(configuration.name),
                      )
                    }
                  >
                    {admin.remove}
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {envelopeWebhooks && (
        <div className="card standalone">
          <h3>{words.envelopeWebhooks}</h3>
          <Counts counts={envelopeWebhooks} />
        </div>
      )}
      {editing && (
        <ConfigurationForm
          configuration={editing.mode === 'edit' ? editing.configuration : undefined}
          onClose={() => setEditing(undefined)}
          onSave={async (settings) => {
            const saved = await sendJson<ConnectConfiguration>(
              editing.mode === 'edit' ? 'PUT' : 'POST',
              props.path('/connect'),
              editing.mode === 'edit'
                ? { ...settings, connectId: editing.configuration.connectId }
                : settings,
            )
            setEditing(undefined)
            const shown = saved.hmacSecrets?.find((entry) => entry.secret)?.secret
            if (shown) setSecret(shown)
            props.onChanged(words.saved(saved.name))
          }}
        />
      )}
    </section>
  )
}

/** What a PUT must carry again: DocuSign's update replaces the configuration. */
export function editable(configuration: ConnectConfiguration) {
  return {
    name: configuration.name,
    urlToPublishTo: configuration.urlToPublishTo,
    events: configuration.events,
    allUsers: configuration.allUsers,
    ...(configuration.userIds ? { userIds: configuration.userIds } : {}),
    includeHMAC: configuration.includeHMAC,
    eventData: {
      version: configuration.eventData.version,
      format: 'json',
      includeData: configuration.eventData.includeData,
    },
    enabled: configuration.enabled,
  }
}

function Counts({ counts }: { counts: NonNullable<ConnectMetrics['configurations'][number]> }) {
  const { language } = useSession()
  const words = CONNECT_WORDS[language]
  const number = (value: number) => new Intl.NumberFormat(language).format(value)
  const rows: [string, number][] = [
    [words.delivered, counts.delivered],
    [words.failedAttempts, counts.failedAttempts],
    [words.retries, counts.retries],
    [words.failuresColumn, counts.failures],
    [words.queued, counts.queue.pending + counts.queue.inFlight],
  ]
  return (
    <dl className="counts" aria-label={words.metrics}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{number(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function SecretNotice({ secret, label, onClose }: { secret: string; label: string; onClose: () => void }) {
  const { language } = useSession()
  return (
    <div className="notice secret-notice">
      <ShownOnce label={label} value={secret} />
      <button type="button" className="secondary" onClick={onClose}>
        {ADMIN_WORDS[language].close}
      </button>
    </div>
  )
}
