import { useId } from 'react'
import type { TabProblem } from '../../../../src/tabs/field-rules.js'
import { ConditionEditor } from './ConditionEditor.js'
import { FormulaEditor } from './FormulaEditor.js'
import { LocaleEditor } from './LocaleEditor.js'
import { clampBox, type Field, kindCarriesFields, type PageSize, type Role, takesRequired } from './model.js'
import { RadioGroupEditor } from './RadioGroupEditor.js'
import type { BuilderWords } from './words.js'

interface Props {
  field: Field | undefined
  roles: Role[]
  size: PageSize | undefined
  /** The labels the field may wait for (conditional display), and the service's rules it breaks now. */
  choices: { label: string; values?: string[] }[]
  problems: TabProblem[]
  language: string
  words: BuilderWords
  onChange: (field: Field) => void
  onCopy: (field: Field) => void
  onDelete: (key: string) => void
}

/**
 * The selected field's properties, by type; its position and size as numbers too. The problems are the
 * service's own rules run on the field as it would be saved (field-checks.ts), shown as it is edited.
 */
export function FieldProperties(props: Props) {
  const { field, roles, size, choices, problems, language, words, onChange, onCopy, onDelete } = props
  const id = useId()
  const heading = <h2 id={`${id}-heading`}>{words.properties}</h2>
  if (!field) {
    return (
      <section className="properties" aria-labelledby={`${id}-heading`}>
        {heading}
        <p className="hint">{words.noSelection}</p>
      </section>
    )
  }
  const set = (patch: Partial<Field>) => onChange({ ...field, ...patch })
  const setBox = (patch: Partial<Pick<Field, 'x' | 'y' | 'width' | 'height'>>) =>
    onChange(size ? clampBox({ ...field, ...patch }, size) : { ...field, ...patch })
  const text = (
    label: string,
    key: 'tabLabel' | 'tooltip' | 'fontSize' | 'validationPattern' | 'validationMessage',
  ) => (
    <label className="field">
      <span>{label}</span>
      <input value={field[key]} maxLength={500} onChange={(event) => set({ [key]: event.target.value })} />
    </label>
  )
  const number = (label: string, key: 'x' | 'y' | 'width' | 'height') => (
    <label className="field narrow">
      <span>{label}</span>
      <input
        type="number"
        value={field[key]}
        onChange={(event) => setBox({ [key]: Number(event.target.value) || 0 })}
      />
    </label>
  )
  return (
    <section className="properties" aria-labelledby={`${id}-heading`}>
      {heading}
      <p>
        <strong>{words.fieldType[field.type]}</strong>
      </p>
      <ul className="field-problems" id={`${id}-problems`} aria-live="polite">
        {problems.map((problem) => {
          const text = words.tabProblem(problem)
          return (
            <li key={text} className="warning">
              {text}
            </li>
          )
        })}
      </ul>
      <label className="field">
        <span>{words.role}</span>
        <select value={field.roleKey} onChange={(event) => set({ roleKey: event.target.value })}>
          {roles
            .filter((role) => kindCarriesFields(role.kind))
            .map((role) => (
              <option key={role.key} value={role.key}>
                {role.name}
              </option>
            ))}
        </select>
      </label>
      {takesRequired(field.type) && (
        <label className="check">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(event) => set({ required: event.target.checked })}
          />
          {words.required}
        </label>
      )}
      {text(field.type === 'radioGroup' ? words.groupName : words.tabLabel, 'tabLabel')}
      {text(words.tooltip, 'tooltip')}
      {field.type !== 'checkbox' &&
        field.type !== 'signHere' &&
        field.type !== 'initialHere' &&
        field.type !== 'radioGroup' &&
        text(words.fontSize, 'fontSize')}
      {field.type === 'text' && (
        <>
          {text(words.validationPattern, 'validationPattern')}
          {text(words.validationMessage, 'validationMessage')}
        </>
      )}
      {(field.type === 'text' || field.type === 'number' || field.type === 'numerical') && (
        <label className="field narrow">
          <span>{words.maxLength}</span>
          <input
            type="number"
            min={1}
            max={4000}
            value={field.maxLength}
            onChange={(event) => set({ maxLength: event.target.value })}
          />
        </label>
      )}
      {field.type === 'list' && (
        <label className="field">
          <span>{words.listItems}</span>
          <textarea
            rows={4}
            value={field.listItems.join('\n')}
            onChange={(event) => set({ listItems: event.target.value.split('\n') })}
          />
        </label>
      )}
      {field.type === 'formula' && (
        <FormulaEditor field={field} words={words} problemsId={`${id}-problems`} onChange={set} />
      )}
      {(field.type === 'date' || field.type === 'numerical') && (
        <LocaleEditor field={field} language={language} words={words} onChange={set} />
      )}
      {field.type === 'radioGroup' && (
        <RadioGroupEditor field={field} size={size} words={words} onChange={set} />
      )}
      <ConditionEditor field={field} choices={choices} words={words} onChange={set} />
      <fieldset className="box">
        <legend>{words.position}</legend>
        {number(words.left, 'x')}
        {number(words.top, 'y')}
        {number(words.width, 'width')}
        {number(words.height, 'height')}
      </fieldset>
      <div className="row-actions">
        <button type="button" className="secondary" onClick={() => onCopy(field)}>
          {words.copy}
        </button>
        <button type="button" className="secondary" onClick={() => onDelete(field.key)}>
          {words.deleteField}
        </button>
      </div>
    </section>
  )
}
