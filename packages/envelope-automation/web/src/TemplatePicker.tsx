import type { TemplateOptions } from './api.js'
import { useUi } from './i18n.js'

type Template = TemplateOptions['templates'][number]

/**
 * The template dropdown as an ordered multi-select: a checkbox per template, and the chosen ones in the
 * order their documents will have, which the user can change with buttons (no dragging needed).
 */
export function TemplatePicker({
  templates,
  chosen,
  onChange,
  invalid,
}: {
  templates: Template[]
  chosen: string[]
  onChange: (chosen: string[]) => void
  invalid: boolean
}) {
  const { t } = useUi()
  const nameOf = (id: string) => templates.find((template) => template.templateId === id)?.name ?? id
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id))
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item as string)
    onChange(next)
  }
  return (
    <fieldset className="templates" aria-describedby="templates-hint" aria-invalid={invalid || undefined}>
      <legend>{t.templates}</legend>
      <p id="templates-hint" className="hint">
        {t.templatesHint}
      </p>
      <ul className="checkbox-list">
        {templates.map((template) => (
          <li key={template.templateId}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(template.templateId)}
                onChange={(event) => toggle(template.templateId, event.target.checked)}
              />
              <span>
                {template.name}
                {template.description && <span className="hint"> — {template.description}</span>}
                {template.lockedMessage && <span className="hint tag">{t.locksMessageTag}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {chosen.length > 0 && (
        <div className="chosen">
          <h3 id="chosen-heading">{t.chosenOrder}</h3>
          <ol aria-labelledby="chosen-heading">
            {chosen.map((id, index) => (
              <li key={id}>
                <span className="chosen-name">{nameOf(id)}</span>
                <span className="chosen-actions">
                  <button
                    type="button"
                    className="icon"
                    aria-label={t.moveUp(nameOf(id))}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={t.moveDown(nameOf(id))}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon"
                    aria-label={t.remove(nameOf(id))}
                    onClick={() => toggle(id, false)}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </fieldset>
  )
}
