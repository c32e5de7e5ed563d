import { useId } from 'react'
import { localePreview } from './field-checks.js'
import type { Field } from './model.js'
import type { BuilderWords } from './words.js'

interface Props {
  field: Field
  language: string
  words: BuilderWords
  onChange: (patch: Partial<Field>) => void
}

/** DocuSign `cultureName` values offered; the service reads any culture Intl knows. */
const CULTURES = ['en_us', 'en_gb', 'es_es', 'es_mx', 'de_de', 'fr_fr', 'pt_br'] as const

/** `dateFormat` patterns as DocuSign's date fields offer them (tabs/dates.ts writes each). */
const DATE_FORMATS = [
  'MM/dd/yyyy',
  'dd/MM/yyyy',
  'yyyy-MM-dd',
  'dd.MM.yyyy',
  'd MMMM yyyy',
  'MMMM d, yyyy',
  'dd-MMM-yyyy',
] as const

/**
 * DocuSign's `currencyPositiveFormat` values, which also set the separators of plain numbers: the group
 * and decimal separators (and the currency symbol's side) in DocuSign's token spelling.
 */
const SEPARATORS = [
  'csym_1_comma_234_comma_567_period_89',
  'csym_1_period_234_period_567_comma_89',
  '1_space_234_space_567_comma_89_space_csym',
  'csym_1_apos_234_apos_567_period_89',
] as const
const SEPARATOR_SAMPLES: Record<(typeof SEPARATORS)[number], string> = {
  csym_1_comma_234_comma_567_period_89: '1,234,567.89',
  csym_1_period_234_period_567_comma_89: '1.234.567,89',
  '1_space_234_space_567_comma_89_space_csym': '1 234 567,89',
  csym_1_apos_234_apos_567_period_89: "1'234'567.89",
}

/**
 * A date or numerical field's `localePolicy`: the culture, and the date format or the separators (and,
 * for a numerical field, whether it is an amount of money). Properties of the policy not offered here
 * are kept. The preview is the service's own formatting of a sample value.
 */
export function LocaleEditor({ field, language, words, onChange }: Props) {
  const id = useId()
  const policy = field.localePolicy ?? {}
  const setPolicy = (key: string, value: string) => onChange({ localePolicy: { ...policy, [key]: value } })
  const names = new Intl.DisplayNames([language], { type: 'language' })
  const select = (
    label: string,
    key: string,
    options: readonly string[],
    none: string,
    shown: (value: string) => string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <select value={policy[key] ?? ''} onChange={(event) => setPolicy(key, event.target.value)}>
        <option value="">{none}</option>
        {policy[key] && !options.includes(policy[key]) && <option value={policy[key]}>{policy[key]}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {shown(option)}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <fieldset className="box stacked" aria-describedby={`${id}-preview`}>
      <legend>{words.formatHeading}</legend>
      {select(
        words.culture,
        'cultureName',
        CULTURES,
        words.defaultChoiceLabel,
        (culture) => names.of(culture.replace('_', '-')) ?? culture,
      )}
      {field.type === 'date'
        ? select(words.dateFormat, 'dateFormat', DATE_FORMATS, words.regionDate, (format) => format)
        : select(
            words.separators,
            'currencyPositiveFormat',
            SEPARATORS,
            words.regionSeparators,
            (format) => SEPARATOR_SAMPLES[format as (typeof SEPARATORS)[number]],
          )}
      {field.type === 'numerical' && (
        <label className="field">
          <span>{words.numberKind}</span>
          <select
            value={field.validationType || 'Number'}
            onChange={(event) => onChange({ validationType: event.target.value })}
          >
            {(['Number', 'Currency'] as const).map((kind) => (
              <option key={kind} value={kind}>
                {words.numberKinds[kind]}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="hint" id={`${id}-preview`} aria-live="polite">
        {words.shownAs(localePreview(field))}
      </p>
    </fieldset>
  )
}
