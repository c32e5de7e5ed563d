import { useId } from 'react'
import { type CustomField, customFieldProblems, itemsOf } from './custom-fields.js'
import { newKey } from './key.js'
import type { BuilderWords } from './words.js'

interface Props {
  fields: CustomField[]
  words: BuilderWords
  onChange: (fields: CustomField[]) => void
}

/** The template's custom fields: text or list, shown to recipients or not, required of the sender or not. */
export function CustomFieldsEditor({ fields, words, onChange }: Props) {
  const id = useId()
  const set = (key: string, patch: Partial<CustomField>) =>
    onChange(fields.map((field) => (field.key === key ? { ...field, ...patch } : field)))
  const add = (kind: CustomField['kind']) =>
    onChange([
      ...fields,
      { key: newKey(), kind, name: '', value: '', listItems: [], show: false, required: false },
    ])
  const problems = customFieldProblems(fields)
  return (
    <fieldset className="custom-fields" aria-describedby={`${id}-hint`}>
      <legend>{words.customFields}</legend>
      <p id={`${id}-hint`} className="hint">
        {words.customFieldsHint}
      </p>
      {problems.map((problem) => (
        <p key={JSON.stringify(problem)} role="alert" className="warning">
          {words.customFieldProblem(problem)}
        </p>
      ))}
      <ol className="custom-field-list">
        {fields.map((field, index) => (
          <li key={field.key}>
            <fieldset>
              <legend>{words.customFieldLegend(field.kind, field.name.trim() || String(index + 1))}</legend>
              <label className="field">
                <span>{words.customFieldName}</span>
                <input
                  value={field.name}
                  maxLength={100}
                  onChange={(event) => set(field.key, { name: event.target.value })}
                />
              </label>
              {field.kind === 'list' && (
                <label className="field">
                  <span>{words.listItems}</span>
                  <textarea
                    rows={3}
                    value={field.listItems.join('\n')}
                    onChange={(event) => set(field.key, { listItems: event.target.value.split('\n') })}
                  />
                </label>
              )}
              {field.kind === 'text' ? (
                <label className="field">
                  <span>{words.customFieldValue}</span>
                  <input
                    value={field.value}
                    maxLength={4000}
                    onChange={(event) => set(field.key, { value: event.target.value })}
                  />
                </label>
              ) : (
                <label className="field">
                  <span>{words.customFieldValue}</span>
                  <select
                    value={field.value}
                    onChange={(event) => set(field.key, { value: event.target.value })}
                  >
                    <option value="">{words.noDefault}</option>
                    {itemsOf(field).map((item) => (
                      <option key={item} value={item}>
                        {item}
                      </option>
                    ))}
                    {field.value !== '' && !itemsOf(field).includes(field.value) && (
                      <option value={field.value}>{field.value}</option>
                    )}
                  </select>
                </label>
              )}
              <label className="check">
                <input
                  type="checkbox"
                  checked={field.show}
                  onChange={(event) => set(field.key, { show: event.target.checked })}
                />
                {words.customFieldShow}
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(event) => set(field.key, { required: event.target.checked })}
                />
                {words.customFieldRequired}
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(fields.filter((candidate) => candidate.key !== field.key))}
              >
                {words.removeCustomField(field.name.trim() || String(index + 1))}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="row-actions">
        <button type="button" className="secondary" onClick={() => add('text')}>
          {words.addTextCustomField}
        </button>
        <button type="button" className="secondary" onClick={() => add('list')}>
          {words.addListCustomField}
        </button>
      </div>
    </fieldset>
  )
}
