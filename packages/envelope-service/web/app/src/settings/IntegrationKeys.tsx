import { useState } from 'react'
import { ShownOnce } from '../admin/CopyButton.js'
import { useResource } from '../admin/use-resource.js'
import { ADMIN_WORDS } from '../admin/words.js'
import { call, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { Dialog } from '../Dialog.js'
import { formatDateTime } from '../i18n.js'
import { refusalText } from '../refusal.js'
import { SETTINGS_WORDS } from './words.js'

interface IntegrationKey {
  integrationKey: string
  name: string
  enabled: boolean
  clientKind: 'confidential' | 'public'
  redirectUris: string[]
  secretKeys: { secretId: string; createdDateTime: string }[]
  publicKeys: { publicKeyId: string; createdDateTime: string }[]
  privateKeyPem?: string
}

type Shown = { label: string; value: string }

/**
 * The account's integration keys (this service's `/integration_keys` extension): create one with an RSA
 * pair generated on the server (its private key shown once) or an uploaded public key; secret keys (shown
 * once); redirect URIs; enable or disable; who consented.
 */
export function IntegrationKeys(props: {
  path: (rest: string) => string
  onNotice: (message: string) => void
}) {
  const { language, t } = useSession()
  const words = SETTINGS_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const [version, setVersion] = useState(0)
  const keys = useResource<{ integrationKeys: IntegrationKey[] }>(props.path('/integration_keys'), version)
  const [creating, setCreating] = useState(false)
  const [shown, setShown] = useState<Shown[]>([])

  const keyPath = (key: IntegrationKey, rest = '') =>
    props.path(`/integration_keys/${encodeURIComponent(key.integrationKey)}${rest}`)
  const run = async (action: () => Promise<void>) => {
    try {
      await action()
    } catch (error) {
      props.onNotice(refusalText(error, language, t))
    }
    setVersion((value) => value + 1)
  }

  return (
    <section aria-labelledby="keys-title">
      <div className="section-head">
        <h2 id="keys-title">{words.integrationKeys}</h2>
        <button type="button" onClick={() => setCreating(true)}>
          {words.newKey}
        </button>
      </div>
      <p className="muted">{words.keysIntro}</p>
      {shown.length > 0 && (
        <div className="notice secret-notice">
          {shown.map((entry) => (
            <ShownOnce key={entry.label} label={entry.label} value={entry.value} />
          ))}
          <button type="button" className="secondary" onClick={() => setShown([])}>
            {admin.close}
          </button>
        </div>
      )}
      {keys.failed && <p role="alert">{t.failed}</p>}
      {keys.data?.integrationKeys.length === 0 && <p className="muted">{words.noKeys}</p>}
      <ul className="cards">
        {keys.data?.integrationKeys.map((key) => (
          <li key={key.integrationKey} className="card">
            <div className="card-head">
              <h3>{key.name}</h3>
              <span className={`badge ${key.enabled ? 'status-completed' : 'status-voided'}`}>
                {key.enabled ? words.enabled : words.disabled}
              </span>
            </div>
            <p>
              {words.keyId}: <code>{key.integrationKey}</code>
            </p>
            <p className="muted">
              {key.clientKind === 'public' ? words.public : words.confidential} ·{' '}
              {words.secretCount(key.secretKeys.length)} · {words.publicKeyCount(key.publicKeys.length)}
            </p>
            <div className="row-buttons">
              <button
                type="button"
                className="secondary"
                aria-label={key.enabled ? words.disableKey(key.name) : words.enableKey(key.name)}
                onClick={() =>
                  void run(async () => {
                    await sendJson('PUT', keyPath(key), { enabled: !key.enabled })
                  })
                }
              >
                {key.enabled ? words.disable : words.enable}
              </button>
              {key.clientKind === 'confidential' && (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void run(async () => {
                      const secret = await sendJson<{ secretKey: string }>(
                        'POST',
                        keyPath(key, '/secrets'),
                        {},
                      )
                      setShown([{ label: `${words.secretKey} (${key.name})`, value: secret.secretKey }])
                    })
                  }
                >
                  {words.addSecret}
                </button>
              )}
            </div>
            {key.secretKeys.length > 0 && (
              <ul className="plain-list">
                {key.secretKeys.map((secret) => (
                  <li key={secret.secretId}>
                    <span>
                      {words.secretKey} <code>{secret.secretId.slice(0, 8)}…</code>{' '}
                      <span className="muted">{formatDateTime(language, secret.createdDateTime)}</span>
                    </span>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={words.removeSecret(secret.secretId)}
                      onClick={() =>
                        void run(async () => {
                          await call(keyPath(key, `/secrets/${encodeURIComponent(secret.secretId)}`), {
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
            <RedirectUris
              uris={key.redirectUris}
              onAdd={(uri) =>
                run(
                  async () =>
                    void (await sendJson('POST', keyPath(key, '/redirect_uris'), { redirectUri: uri })),
                )
              }
              onRemove={(uri) =>
                run(
                  async () =>
                    void (await sendJson('DELETE', keyPath(key, '/redirect_uris'), { redirectUri: uri })),
                )
              }
              idPrefix={key.integrationKey}
            />
            <Consents path={keyPath(key, '/consents')} version={version} />
          </li>
        ))}
      </ul>
      {creating && (
        <NewKey
          onClose={() => setCreating(false)}
          onCreate={async (body) => {
            const created = await sendJson<IntegrationKey>('POST', props.path('/integration_keys'), body)
            setCreating(false)
            setShown([
              { label: words.keyId, value: created.integrationKey },
              ...(created.privateKeyPem ? [{ label: words.privateKey, value: created.privateKeyPem }] : []),
            ])
            setVersion((value) => value + 1)
          }}
        />
      )}
    </section>
  )
}

function RedirectUris(props: {
  uris: string[]
  idPrefix: string
  onAdd: (uri: string) => Promise<void>
  onRemove: (uri: string) => Promise<void>
}) {
  const { language } = useSession()
  const words = SETTINGS_WORDS[language]
  const [uri, setUri] = useState('')
  const inputId = `redirect-${props.idPrefix}`
  return (
    <div className="redirects">
      <h4>{words.redirectUris}</h4>
      {props.uris.length === 0 && <p className="muted">{words.noRedirects}</p>}
      <ul className="plain-list">
        {props.uris.map((entry) => (
          <li key={entry}>
            <code>{entry}</code>
            <button
              type="button"
              className="secondary"
              aria-label={words.removeRedirect(entry)}
              onClick={() => void props.onRemove(entry)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault()
          if (!uri.trim()) return
          void props.onAdd(uri.trim()).then(() => setUri(''))
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {words.redirectUri}
        </label>
        <input
          id={inputId}
          type="url"
          placeholder="https://"
          value={uri}
          onChange={(event) => setUri(event.target.value)}
        />
        <button type="submit" className="secondary">
          {words.addRedirect}
        </button>
      </form>
    </div>
  )
}

function Consents({ path, version }: { path: string; version: number }) {
  const { language } = useSession()
  const words = SETTINGS_WORDS[language]
  const consents = useResource<{
    consents: { userId: string; userName: string; scopes: string[]; grantedDateTime: string }[]
  }>(path, version)
  return (
    <div>
      <h4>{words.consents}</h4>
      {consents.data?.consents.length === 0 && <p className="muted">{words.noConsents}</p>}
      <ul className="plain-list">
        {consents.data?.consents.map((consent) => (
          <li key={consent.userId}>
            {words.consentBy(
              consent.userName,
              consent.scopes.join(' '),
              formatDateTime(language, consent.grantedDateTime),
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function NewKey(props: { onCreate: (body: object) => Promise<void>; onClose: () => void }) {
  const { language, t } = useSession()
  const words = SETTINGS_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'confidential' | 'public'>('confidential')
  const [pair, setPair] = useState<'generate' | 'upload'>('generate')
  const [publicKeyPem, setPublicKeyPem] = useState('')
  const [redirectUri, setRedirectUri] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const submit = async () => {
    setProblem(undefined)
    try {
      await props.onCreate({
        name: name.trim(),
        clientKind: kind,
        ...(redirectUri.trim() ? { redirectUris: [redirectUri.trim()] } : {}),
        ...(pair === 'upload' ? { publicKeyPem: publicKeyPem.trim() } : {}),
      })
    } catch (error) {
      setProblem(refusalText(error, language, t))
    }
  }
  return (
    <Dialog
      title={words.newKeyTitle}
      submitLabel={words.create}
      cancelLabel={admin.cancel}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <label className="field">
        <span>{words.name}</span>
        <input required maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset className="choices single">
        <legend>{words.kind}</legend>
        {(['confidential', 'public'] as const).map((option) => (
          <label key={option}>
            <input type="radio" name="kind" checked={kind === option} onChange={() => setKind(option)} />{' '}
            {words[option]}
          </label>
        ))}
      </fieldset>
      <fieldset className="choices single">
        <legend>{words.keyPair}</legend>
        {(['generate', 'upload'] as const).map((option) => (
          <label key={option}>
            <input type="radio" name="pair" checked={pair === option} onChange={() => setPair(option)} />{' '}
            {words[option]}
          </label>
        ))}
      </fieldset>
      {pair === 'upload' && (
        <label className="field">
          <span>{words.publicKey}</span>
          <textarea
            required
            rows={5}
            value={publicKeyPem}
            onChange={(event) => setPublicKeyPem(event.target.value)}
          />
        </label>
      )}
      <label className="field">
        <span>{words.redirectUri}</span>
        <input type="url" value={redirectUri} onChange={(event) => setRedirectUri(event.target.value)} />
      </label>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </Dialog>
  )
}
