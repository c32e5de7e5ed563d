import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDateOf, parseDateText } from './dates.js'
import {
  dateOfTab,
  followedLocale,
  formatTabValue,
  type LocalePolicy,
  type NumberStyle,
  numberStyleOf,
  withFormattedValues,
} from './locale-format.js'
import type { Tab, TabsByType } from './model.js'

const CULTURES = ['en_us', 'en-US', 'de_de', 'de-DE', 'fr_fr', 'es_es', 'es-CO', 'en-GB', 'it_it', 'ja_jp']
/** DocuSign's explicit formats: each positive with the negatives that share its separators. */
const EXPLICIT: [string, string][] = [
  ['csym_1_comma_234_comma_567_period_89', 'opar_csym_1_comma_234_comma_567_period_89_cpar'],
  ['csym_1_comma_234_comma_567_period_89', 'minus_csym_1_comma_234_comma_567_period_89'],
  ['csym_1_period_234_period_567_comma_89', 'opar_csym_1_period_234_period_567_comma_89_cpar'],
  ['1_period_234_period_567_comma_89_space_csym', '1_period_234_period_567_comma_89_space_csym_minus'],
  ['1_space_234_space_567_comma_89_space_csym', 'minus_1_space_234_space_567_comma_89_space_csym'],
  ['csym_1_apos_234_apos_567_period_89', 'minus_csym_1_apos_234_apos_567_period_89'],
]

/** A plain decimal as completion stores it: up to two decimals (numericalTabs), sign included. */
const plainAmount = fc
  .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.nat(99), fc.constantFrom(0, 1, 2))
  .map(([whole, cents, places]) =>
    places === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').slice(0, places)}`,
  )

const policyArbitrary: fc.Arbitrary<LocalePolicy> = fc.oneof(
  fc.record(
    {
      cultureName: fc.constantFrom(...CULTURES),
      currencyCode: fc.constantFrom('usd', 'eur', 'gbp', 'chf'),
      useLongCurrencyFormat: fc.constantFrom('true', 'false'),
    },
    { requiredKeys: ['cultureName'] },
  ),
  fc
    .tuple(fc.constantFrom(...EXPLICIT), fc.constantFrom('usd', 'eur'), fc.constantFrom('true', 'false'))
    .map(([[positive, negative], currencyCode, useLongCurrencyFormat]) => ({
      currencyCode,
      currencyPositiveFormat: positive,
      currencyNegativeFormat: negative,
      useLongCurrencyFormat,
    })),
)

const numerical = (policy: LocalePolicy | undefined, validationType: string): Tab => ({
  tabLabel: 'Amount',
  validationType,
  ...(policy ? { localePolicy: { ...policy } } : {}),
})

/** The number back from its shown text in `style` (the test's oracle); undefined when it is not one. */
function parseFormattedNumber(text: string, style: NumberStyle): number | undefined {
  let rest = text.trim()
  if (style.code && rest.endsWith(` ${style.code}`)) rest = rest.slice(0, -style.code.length - 1)
  let negative = false
  if (rest.startsWith('(') && rest.endsWith(')')) [negative, rest] = [true, rest.slice(1, -1)]
  else if (rest.startsWith('-')) [negative, rest] = [true, rest.slice(1)]
  else if (rest.endsWith('-')) [negative, rest] = [true, rest.slice(0, -1)]
  if (style.symbol) rest = rest.replace(style.symbol.text, '').trim()
  if (style.group !== '') rest = rest.split(style.group).join('')
  if (style.decimal !== '.') rest = rest.replace(style.decimal, '.')
  if (!/^\d+(\.\d+)?$/.test(rest)) return undefined
  const value = Number(rest)
  return negative ? -value : value
}

describe('formatTabValue: numbers', () => {
  it('shows a number that reads back as the stored value, in every culture and explicit format', () => {
    fc.assert(
      fc.property(
        plainAmount,
        policyArbitrary,
        fc.constantFrom('Currency', 'Number'),
        (raw, policy, validationType) => {
          const tab = numerical(policy, validationType)
          const shown = formatTabValue('numericalTabs', tab, raw)
          const style = numberStyleOf(policy, validationType === 'Currency')
          expect(parseFormattedNumber(shown, style)).toBe(Number(raw))
          // Two decimals at least, as DocuSign shows numerical values.
          expect(shown).toMatch(/\d{2}(\D|$)/)
        },
      ),
    )
  })

  it('shows culture defaults and explicit formats as DocuSign documents them', () => {
    const de = { cultureName: 'de_de' }
    expect(formatTabValue('numericalTabs', numerical(de, 'Number'), '1234.5')).toBe('1.234,50')
    expect(formatTabValue('numericalTabs', numerical(de, 'Currency'), '1234.5')).toBe('1.234,50 €')
    expect(formatTabValue('numericalTabs', numerical({ cultureName: 'fr_fr' }, 'Number'), '-50000')).toBe(
      '-50 000,00',
    )
    expect(formatTabValue('numericalTabs', numerical({ cultureName: 'es_es' }, 'Number'), '1234.5')).toBe(
      '1234,50',
    )
    expect(formatTabValue('numericalTabs', numerical({ cultureName: 'es_es' }, 'Number'), '12345.5')).toBe(
      '12.345,50',
    )
    const usLong = {
      cultureName: 'en-US',
      currencyCode: 'usd',
      currencyNegativeFormat: 'opar_csym_1_comma_234_comma_567_period_89_cpar',
      useLongCurrencyFormat: 'true',
    }
    // DocuSign's number-fields page: -50000 is stored as "($50,000.00) USD".
    expect(formatTabValue('numericalTabs', numerical(usLong, 'Currency'), '-50000')).toBe('($50,000.00) USD')
    const euro = {
      currencyCode: 'eur',
      currencyPositiveFormat: 'csym_1_period_234_period_567_comma_89',
      currencyNegativeFormat: 'opar_csym_1_period_234_period_567_comma_89_cpar',
    }
    expect(formatTabValue('numericalTabs', numerical(euro, 'Currency'), '50000')).toBe('€50.000,00')
    expect(formatTabValue('numericalTabs', numerical(euro, 'Currency'), '-50000')).toBe('(€50.000,00)')
    expect(formatTabValue('numericalTabs', numerical(euro, 'Number'), '-50000')).toBe('(50.000,00)')
  })

  it('leaves a tab without localePolicy, a numberTab and a value that is not a number unchanged', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('numericalTabs', 'numberTabs', 'formulaTabs', 'dateTabs', 'textTabs'),
        (raw, type) => {
          expect(formatTabValue(type, { tabLabel: 'x', validationType: 'Currency' }, raw)).toBe(raw)
          expect(formatTabValue('numberTabs', { localePolicy: { cultureName: 'de_de' } }, raw)).toBe(raw)
        },
      ),
    )
    for (const text of ['abc', '1,5', '', '12.'])
      expect(formatTabValue('numericalTabs', numerical({ cultureName: 'de_de' }, 'Number'), text)).toBe(text)
  })
})

describe('formatTabValue: formula tabs follow the numericalTabs they read', () => {
  const tabs = (formula: string, roundDecimalPlaces?: string): TabsByType => ({
    numericalTabs: [
      { tabLabel: 'Qty', validationType: 'Number', localePolicy: { cultureName: 'en-US' } },
      { tabLabel: 'Price', validationType: 'Currency', localePolicy: { cultureName: 'de_de' } },
    ],
    numberTabs: [{ tabLabel: 'Fee', localePolicy: { cultureName: 'fr_fr' } }],
    formulaTabs: [
      {
        tabLabel: 'Total',
        formula,
        localePolicy: { cultureName: 'ja_jp' },
        ...(roundDecimalPlaces ? { roundDecimalPlaces } : {}),
      },
    ],
  })
  const total = (all: TabsByType) => all.formulaTabs?.[0] as Tab

  it("uses the currency numericalTabs' locale, ignoring its own and numberTabs'", () => {
    const all = tabs('[Qty] * [Price] + [Fee]', '2')
    expect(followedLocale(total(all), all)).toEqual({ policy: { cultureName: 'de_de' }, currency: true })
    expect(formatTabValue('formulaTabs', total(all), '1234.50', all)).toBe('1.234,50 €')
    const numbersOnly = tabs('[Qty] * 2')
    expect(formatTabValue('formulaTabs', total(numbersOnly), '1234.5', numbersOnly)).toBe('1,234.50')
    const feeOnly = tabs('[Fee] * 2')
    expect(formatTabValue('formulaTabs', total(feeOnly), '1234.5', feeOnly)).toBe('1234.5')
  })

  it('shows exactly roundDecimalPlaces decimals when the tab sets them', () => {
    const all = tabs('[Price] * 3', '0')
    expect(formatTabValue('formulaTabs', total(all), '1235', all)).toBe('1.235 €')
  })

  it('reports numericalTabs of one formula with different policies as a mismatch', () => {
    const all: TabsByType = {
      numericalTabs: [
        { tabLabel: 'A', validationType: 'Currency', localePolicy: { cultureName: 'de_de' } },
        { tabLabel: 'B', validationType: 'Currency', localePolicy: { cultureName: 'en_us' } },
        { tabLabel: 'C', validationType: 'Number', localePolicy: { cultureName: 'fr_fr' } },
      ],
      formulaTabs: [{ tabLabel: 'T', formula: '[A] + [B]' }],
    }
    expect(followedLocale(total(all), all)).toBe('mismatch')
    // Number-validated tabs may differ when a currency tab decides.
    expect(followedLocale({ formula: '[A] + [C]' }, all)).toEqual({
      policy: { cultureName: 'de_de' },
      currency: true,
    })
  })

  it('formats every numerical and formula value of a recipient and nothing else', () => {
    const all = tabs('[Qty] * [Price]', '2')
    const withValue = (list: Tab[] | undefined, value: string, extra: Tab = {}) =>
      (list ?? []).map((tab) => ({ ...tab, value, ...extra }))
    const shown = withFormattedValues({
      numericalTabs: withValue(all.numericalTabs, '1234.5', { numericalValue: '1234.5' }),
      formulaTabs: withValue(all.formulaTabs, '1234.50'),
      numberTabs: withValue(all.numberTabs, '1234.5'),
    })
    expect(shown.numericalTabs?.map((tab) => [tab.value, tab.numericalValue])).toEqual([
      ['1,234.50', '1234.5'],
      ['1.234,50 €', '1234.5'],
    ])
    expect(shown.formulaTabs?.[0]?.value).toBe('1.234,50 €')
    expect(shown.numberTabs?.[0]?.value).toBe('1234.5')
  })
})

describe('formatTabValue: dates', () => {
  const dayArbitrary = fc.integer({ min: -100_000, max: 2_900_000 })
  const NUMERIC_PATTERNS = ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd', 'd.M.yyyy', 'yyyy/MM/dd', 'dd-MM-yyyy']

  it('shows a stored date in dateFormat or the culture, and reads it back to the same day', () => {
    fc.assert(
      fc.property(
        dayArbitrary,
        fc.oneof(
          fc.constantFrom(...NUMERIC_PATTERNS).map((dateFormat) => ({ dateFormat })),
          fc.constantFrom(...CULTURES).map((cultureName) => ({ cultureName })),
        ),
        (day, policy) => {
          const tab = { tabLabel: 'When', localePolicy: policy }
          const shown = formatTabValue('dateTabs', tab, isoDateOf(day))
          expect(dateOfTab(tab, shown)).toBe(day)
        },
      ),
    )
  })

  it('writes month names and culture defaults', () => {
    const date = (localePolicy: LocalePolicy) =>
      formatTabValue('dateTabs', { localePolicy: { ...localePolicy } }, '2026-03-05')
    expect(date({ cultureName: 'de_de' })).toBe('5.3.2026')
    expect(date({ cultureName: 'fr_fr' })).toBe('05/03/2026')
    expect(date({ cultureName: 'en_us' })).toBe('3/5/2026')
    expect(date({ cultureName: 'es_es', dateFormat: 'd MMMM yyyy' })).toBe('5 marzo 2026')
    expect(date({ dateFormat: 'MMM d, yyyy' })).toBe('Mar 5, 2026')
    expect(parseDateText('5.3.2026', 'd.M.yyyy')).toBe(parseDateText('2026-03-05'))
  })

  it('shows a date-valued formula like the date tab it reads, ignoring its own policy', () => {
    const all: TabsByType = {
      dateTabs: [{ tabLabel: 'Start', localePolicy: { cultureName: 'de_de' } }],
      formulaTabs: [{ tabLabel: 'End', formula: 'AddDays([Start], 30)' }],
    }
    expect(formatTabValue('formulaTabs', all.formulaTabs?.[0] as Tab, '2026-04-04', all)).toBe('4.4.2026')
    const own = { ...(all.formulaTabs?.[0] as Tab), localePolicy: { dateFormat: 'yyyy/MM/dd' } }
    expect(formatTabValue('formulaTabs', own, '2026-04-04', all)).toBe('4.4.2026')
    expect(formatTabValue('formulaTabs', { formula: 'AddDays([X], 1)' }, '2026-04-04', {})).toBe('2026-04-04')
  })
})
