import { useId } from 'react'
import type { Field } from './model.js'
import type { BuilderWords } from './words.js'

interface Props {
  field: Field
  /** The role's other labels a field may wait for, with the values each can take (none: any text). */
  choices: { label: string; values?: string[] }[]
  words: BuilderWords
  onChange: (patch: Partial<Field>) => void
}

/**
 * Conditional display: the field shows only when another field of its role holds a value. The value is
 * picked from the parent's own values (a checkbox's on/off, a list's items, a group's radios) and typed
 * for any other parent.
 */
export function ConditionEditor({ field, choices, words, onChange }: Props) {
  const id = useId()
  const parent = field.conditionalParentLabel ?? ''
  const chosen = choices.find((choice) => choice.label === parent)
  const value = field.conditionalParentValue ?? ''
  const isCheckbox = chosen?.values?.length === 2 && chosen.values[0] === 'on' && chosen.values[1] === 'off'
  return (
    <fieldset className="box stacked" aria-describedby={choices.length ? undefined : `${id}-none`}>
      <legend>{words.conditionHeading}</legend>
      {choices.length === 0 && !parent ? (
        <p className="hint" id={`${id}-none`}>
          {words.noParents}
        </p>
      ) : (
        <>
          <label className="field">
            <span>{words.conditionParent}</span>
            <select
              value={parent}
              onChange={(event) => {
                const label = event.target.value
                const next = choices.find((choice) => choice.label === label)
                onChange({
                  conditionalParentLabel: label,
                  conditionalParentValue: label ? (next?.values?.[0] ?? '') : '',
                })
              }}
            >
              <option value="">{words.alwaysShown}</option>
              {choices.map((choice) => (
                <option key={choice.label} value={choice.label}>
                  {choice.label}
                </option>
              ))}
              {parent && !chosen && <option value={parent}>{parent}</option>}
            </select>
          </label>
          {parent && (
            <label className="field" htmlFor={`${id}-value`}>
              <span>{words.conditionValue}</span>
              {chosen?.values ? (
                <select
                  id={`${id}-value`}
                  value={value}
                  onChange={(event) => onChange({ conditionalParentValue: event.target.value })}
                >
                  {!chosen.values.includes(value) && <option value={value}>{value}</option>}
                  {chosen.values.map((option) => (
                    <option key={option} value={option}>
                      {isCheckbox ? words.checkboxValue[option as 'on' | 'off'] : option}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-value`}
                  value={value}
                  maxLength={500}
                  onChange={(event) => onChange({ conditionalParentValue: event.target.value })}
                />
              )}
            </label>
          )}
        </>
      )}
    </fieldset>
  )
}
