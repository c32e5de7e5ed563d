import './builder.css'
import { useEffect, useState } from 'react'
import { accountPath, getJson } from '../api.js'
import { useSession } from '../context.js'
import { formatDateTime } from '../i18n.js'
import { onLinkClick } from '../router.js'
import { BUILDER_WORDS } from './words.js'

export interface TemplateListItem {
  templateId: string
  name: string
  emailSubject?: string
  lastModified?: string
}

/** Every template the person can see, by name (up to the API's page of 100). */
export function useTemplates(): { templates?: TemplateListItem[]; failed: boolean } {
  const { account } = useSession()
  const [state, setState] = useState<{ templates?: TemplateListItem[]; failed: boolean }>({ failed: false })
  useEffect(() => {
    getJson<{ envelopeTemplates?: TemplateListItem[] }>(
      accountPath(account.account_id, '/templates?count=100&order_by=name&order=asc'),
    )
      .then((list) => setState({ templates: list.envelopeTemplates ?? [], failed: false }))
      .catch(() => setState({ failed: true }))
  }, [account.account_id])
  return state
}

/** The templates screen: open one in the builder, start a new one, or send from templates. */
export function TemplateList() {
  const { language, t } = useSession()
  const words = BUILDER_WORDS[language]
  const { templates, failed } = useTemplates()
  return (
    <div className="template-list">
      <h1>{words.templates}</h1>
      <p className="row-actions">
        <a className="button-like" href="/app/templates/new" onClick={onLinkClick}>
          {words.newTemplate}
        </a>
        <a className="button-like secondary" href="/app/send" onClick={onLinkClick}>
          {words.sendFromTemplates}
        </a>
      </p>
      {failed && <p role="alert">{t.failed}</p>}
      {!templates && !failed && <p role="status">{t.loading}</p>}
      {templates?.length === 0 && <p>{words.noTemplates}</p>}
      {templates && templates.length > 0 && (
        <ul className="templates">
          {templates.map((template) => (
            <li key={template.templateId}>
              <a href={`/app/templates/${encodeURIComponent(template.templateId)}`} onClick={onLinkClick}>
                {template.name}
              </a>
              <span className="hint"> {formatDateTime(language, template.lastModified)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
