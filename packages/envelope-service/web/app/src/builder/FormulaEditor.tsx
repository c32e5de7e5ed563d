import { useId } from 'react'
import type { Field } from './model.js'
import type { BuilderWords } from './words.js'

interface Props {
  field: Field
  words: BuilderWords
  /** The id of the field's problem list, read with the formula. */
  problemsId: string
  onChange: (patch: Partial<Field>) => void
}

const DECIMALS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

/** A formula field: its formula, the decimals its result keeps, and whether the recipient sees it. */
export function FormulaEditor({ field, words, problemsId, onChange }: Props) {
  const id = useId()
  return (
    <>
      <label className="field">
        <span>{words.formula}</span>
        <textarea
          rows={3}
          value={field.formula ?? ''}
          maxLength={2000}
          spellCheck={false}
          aria-describedby={`${id}-hint ${problemsId}`}
          onChange={(event) => onChange({ formula: event.target.value })}
        />
      </label>
      <p className="hint" id={`${id}-hint`}>
        {words.formulaHint}
      </p>
      <label className="field narrow">
        <span>{words.roundDecimalPlaces}</span>
        <select
          value={field.roundDecimalPlaces ?? ''}
          onChange={(event) => onChange({ roundDecimalPlaces: event.target.value })}
        >
          <option value="">{words.asComputed}</option>
          {DECIMALS.map((places) => (
            <option key={places} value={places}>
              {places}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={field.hidden ?? false}
          onChange={(event) => onChange({ hidden: event.target.checked })}
        />
        {words.hiddenFormula}
      </label>
    </>
  )
}
