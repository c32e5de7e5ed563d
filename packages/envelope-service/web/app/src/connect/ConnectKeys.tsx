import { useState } from 'react'
import { ShownOnce } from '../admin/CopyButton.js'
import { useResource } from '../admin/use-resource.js'
import { ADMIN_WORDS } from '../admin/words.js'
import { call, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { formatDateTime } from '../i18n.js'
import { refusalText } from '../refusal.js'
import type { ConnectKey } from './types.js'
import { CONNECT_WORDS } from './words.js'

/** The account's Connect keys (`/connect/secret`): a new key's secret is shown once, with a copy button. */
export function ConnectKeys(props: { path: (rest: string) => string; version: number }) {
  const { language, t } = useSession()
  const words = CONNECT_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const [version, setVersion] = useState(0)
  const keys = useResource<{ connectKeys: ConnectKey[] }>(
    props.path('/connect/secret'),
    props.version + version,
  )
  const [created, setCreated] = useState<ConnectKey | undefined>()
  const [problem, setProblem] = useState<string | undefined>()

  const run = async (action: () => Promise<void>) => {
    setProblem(undefined)
    try {
      await action()
    } catch (error) {
      setProblem(refusalText(error, language, t))
    }
    setVersion((value) => value + 1)
  }

  return (
    <section aria-labelledby="keys-title">
      <div className="section-head">
        <h2 id="keys-title">{words.keys}</h2>
        <button
          type="button"
          onClick={() =>
            void run(async () =>
              setCreated(await sendJson<ConnectKey>('POST', props.path('/connect/secret'), {})),
            )
          }
        >
          {words.newKey}
        </button>
      </div>
      <p className="muted">{words.keysIntro}</p>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {created?.secret && (
        <div className="notice secret-notice">
          <ShownOnce label={words.keySecret} value={created.secret} />
          <button type="button" className="secondary" onClick={() => setCreated(undefined)}>
            {admin.close}
          </button>
        </div>
      )}
      {keys.data?.connectKeys.length === 0 && <p className="muted">{words.noKeys}</p>}
      {keys.data && keys.data.connectKeys.length > 0 && (
        <ul className="plain-list">
          {keys.data.connectKeys.map((key) => (
            <li key={key.keyId}>
              <code>{key.keyId}</code>{' '}
              <span className="muted">{words.keyCreated(formatDateTime(language, key.created))}</span>{' '}
              <button
                type="button"
                className="secondary"
                aria-label={words.removeKey(key.keyId)}
                onClick={() =>
                  void run(async () => {
                    await call(props.path(`/connect/secret/${encodeURIComponent(key.keyId)}`), {
                      method: 'DELETE',
                    })
                  })
                }
              >
                {admin.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
