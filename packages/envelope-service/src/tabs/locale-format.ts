import { formatDatePattern, parseDateText } from './dates.js'
import { parseFormula, referencesOf } from './formula.js'
import type { Tab, TabOption, TabsByType } from './model.js'

/**
 * How a tab's value is shown under its `localePolicy`, as DocuSign shows it; what is stored stays the
 * plain value (`1234.5`, `2026-03-01`). numericalTabs are shown with two decimals (more when entered),
 * grouped and with the currency when `validationType` is `currency`, in the format of
 * `currencyPositiveFormat`/`currencyNegativeFormat` when given, else of `cultureName`. A formula tab
 * follows the localePolicy of the numericalTabs it reads (the currency ones first) and ignores its own,
 * as DocuSign documents; dateTabs use `dateFormat`, else the culture's short date, and a date-valued
 * formula the policy of the first date tab it reads (`yyyy-MM-dd` without one). numberTabs ignore localePolicy (DocuSign does); a tab without one shows its value unchanged. Pure.
 */

export interface LocalePolicy {
  cultureName?: string
  currencyCode?: string
  currencyPositiveFormat?: string
  currencyNegativeFormat?: string
  useLongCurrencyFormat?: string
  dateFormat?: string
}

/** The number format in use: separators, currency symbol placement, negatives. */
export interface NumberStyle {
  group: string
  decimal: string
  /** Whether 1234 is grouped (es-ES groups from five digits). */
  groupFourDigits: boolean
  negative: 'leading' | 'trailing' | 'parentheses'
  symbol?: { text: string; before: boolean; space: boolean }
  /** The currency code appended by `useLongCurrencyFormat`. */
  code?: string
}

/** What a numeric tab is shown in: its policy, and whether it is an amount of money. */
export interface FollowedLocale {
  policy: LocalePolicy
  currency: boolean
}

export function localePolicyOf(tab: Tab): LocalePolicy | undefined {
  const policy = tab.localePolicy
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) return undefined
  const fields = Object.entries(policy as TabOption).filter(
    ([, value]) => typeof value === 'string' && value !== '',
  )
  return fields.length === 0 ? undefined : (Object.fromEntries(fields) as LocalePolicy)
}

const isCurrency = (tab: Tab) =>
  typeof tab.validationType === 'string' && tab.validationType.toLowerCase() === 'currency'

/**
 * The locale a formula tab's result is shown in: that of the numericalTabs it reads (the currency ones
 * when there are any), undefined when none has a localePolicy, 'mismatch' when they differ.
 */
export function followedLocale(formulaTab: Tab, tabs: TabsByType): FollowedLocale | undefined | 'mismatch' {
  let labels: string[]
  try {
    labels = referencesOf(parseFormula(typeof formulaTab.formula === 'string' ? formulaTab.formula : ''))
  } catch {
    return undefined
  }
  const read = (tabs.numericalTabs ?? []).filter(
    (tab) => typeof tab.tabLabel === 'string' && labels.includes(tab.tabLabel),
  )
  const currency = read.filter(isCurrency)
  const deciding = currency.length > 0 ? currency : read
  const policies = new Set(deciding.map((tab) => JSON.stringify(sorted(localePolicyOf(tab) ?? {}))))
  if (policies.size > 1) return 'mismatch'
  const policy = deciding[0] && localePolicyOf(deciding[0])
  return policy ? { policy, currency: currency.length > 0 } : undefined
}

const sorted = (policy: LocalePolicy) => Object.fromEntries(Object.entries(policy).sort())

/**
 * The value a tab of `type` shows for its stored `rawValue`; `tabs` are the recipient's tabs, which a
 * formula takes its locale from. Unchanged when no localePolicy applies or the value is not a plain
 * number (a date for date tabs).
 */
export function formatTabValue(type: string, tab: Tab, rawValue: string, tabs: TabsByType = {}): string {
  if (type === 'numericalTabs') {
    const policy = localePolicyOf(tab)
    return policy ? formatAmount(rawValue, { policy, currency: isCurrency(tab) }, undefined) : rawValue
  }
  if (type === 'dateTabs') {
    const policy = localePolicyOf(tab)
    return policy ? formatDateValue(rawValue, policy) : rawValue
  }
  if (type === 'formulaTabs') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(rawValue)) {
      const policy = dateLocaleOfInputs(tab, tabs)
      return policy ? formatDateValue(rawValue, policy) : rawValue
    }
    const followed = followedLocale(tab, tabs)
    const places = typeof tab.roundDecimalPlaces === 'string' ? tab.roundDecimalPlaces : undefined
    return followed && followed !== 'mismatch' ? formatAmount(rawValue, followed, places) : rawValue
  }
  return rawValue
}

/** The recipient's tabs with each numerical, date and formula tab's `value` as shown (formatTabValue). */
export function withFormattedValues(tabs: TabsByType): TabsByType {
  const formatted: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    formatted[type] = list.map((tab) => {
      if (typeof tab.value !== 'string' || tab.value === '') return tab
      const shown = formatTabValue(type, tab, tab.value, tabs)
      return shown === tab.value ? tab : { ...tab, value: shown }
    })
  }
  return formatted
}

/** A date formula without a policy of its own shows its dates like the first date tab it reads. */
function dateLocaleOfInputs(formulaTab: Tab, tabs: TabsByType): LocalePolicy | undefined {
  let labels: string[]
  try {
    labels = referencesOf(parseFormula(typeof formulaTab.formula === 'string' ? formulaTab.formula : ''))
  } catch {
    return undefined
  }
  for (const tab of [...(tabs.dateTabs ?? []), ...(tabs.dateSignedTabs ?? [])]) {
    if (typeof tab.tabLabel === 'string' && labels.includes(tab.tabLabel) && localePolicyOf(tab)) {
      return localePolicyOf(tab)
    }
  }
  return undefined
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/

function formatAmount(rawValue: string, followed: FollowedLocale, places: string | undefined): string {
  const text = rawValue.trim()
  if (!PLAIN_DECIMAL.test(text)) return rawValue
  const decimals = text.split('.')[1]?.length ?? 0
  const digits =
    places !== undefined && /^\d$/.test(places) ? Math.max(Number(places), decimals) : Math.max(2, decimals)
  return formatNumber(text, digits, numberStyleOf(followed.policy, followed.currency))
}

/** `plain` (a plain decimal with at most `fractionDigits` decimals) written in `style`. */
export function formatNumber(plain: string, fractionDigits: number, style: NumberStyle): string {
  const negative = plain.startsWith('-') && /[1-9]/.test(plain)
  const [whole = '0', fraction = ''] = plain.replace(/^-/, '').split('.')
  const integer = whole.replace(/^0+(?=\d)/, '')
  const grouped =
    style.group !== '' && (integer.length > 4 || (integer.length === 4 && style.groupFourDigits))
      ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, style.group)
      : integer
  const decimals = fraction.padEnd(fractionDigits, '0')
  let number = decimals === '' ? grouped : `${grouped}${style.decimal}${decimals}`
  if (style.symbol) {
    const gap = style.symbol.space ? ' ' : ''
    number = style.symbol.before
      ? `${style.symbol.text}${gap}${number}`
      : `${number}${gap}${style.symbol.text}`
  }
  if (negative) {
    number =
      style.negative === 'parentheses'
        ? `(${number})`
        : style.negative === 'trailing'
          ? `${number}-`
          : `-${number}`
  }
  return style.code ? `${number} ${style.code}` : number
}

/** The BCP 47 tag of a DocuSign cultureName (`de_de`, `en-US`, `fr`); undefined when not one. */
export function localeOf(cultureName: string | undefined): string | undefined {
  if (!cultureName) return undefined
  try {
    return Intl.getCanonicalLocales(cultureName.replace(/_/g, '-'))[0]
  } catch {
    return undefined
  }
}

const SEPARATOR_WORDS: Record<string, string> = {
  comma: ',',
  period: '.',
  space: ' ',
  apos: "'",
  apostrophe: "'",
  quote: "'",
}

/** The number style of a policy: explicit formats first, then the culture's (en-US without one). */
export function numberStyleOf(policy: LocalePolicy, currency: boolean): NumberStyle {
  const locale = localeOf(policy.cultureName) ?? 'en-US'
  const code = (policy.currencyCode ?? defaultCurrencyOf(locale)).toUpperCase()
  let style = cultureStyle(locale, currency ? code : undefined)
  if (policy.currencyPositiveFormat)
    style = { ...style, ...explicitPositive(policy.currencyPositiveFormat, style) }
  if (policy.currencyNegativeFormat)
    style = { ...style, negative: explicitNegative(policy.currencyNegativeFormat) }
  if (!currency) {
    const { symbol: _symbol, ...number } = style
    return number
  }
  return policy.useLongCurrencyFormat?.toLowerCase() === 'true' ? { ...style, code } : style
}

/** The separators and currency placement Intl gives the culture; narrow spaces become plain spaces. */
function cultureStyle(locale: string, currency: string | undefined): NumberStyle {
  const format = (value: number) =>
    new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).formatToParts(value)
  const parts = format(-1234567.5)
  const partText = (type: string) => plainSpaces(parts.find((part) => part.type === type)?.value ?? '')
  const index = (type: string) => parts.findIndex((part) => part.type === type)
  const style: NumberStyle = {
    group: partText('group'),
    decimal: partText('decimal') || '.',
    groupFourDigits: format(1234).some((part) => part.type === 'group'),
    negative: index('minusSign') > index('fraction') ? 'trailing' : 'leading',
  }
  if (currency) {
    const before = index('currency') < index('integer')
    const between = before
      ? parts.slice(index('currency') + 1, index('integer'))
      : parts.slice(index('fraction') + 1, index('currency'))
    style.symbol = {
      text: partText('currency'),
      before,
      space: between.some((part) => part.type === 'literal' && /\s/.test(part.value)),
    }
  }
  return style
}

/** `csym_1_comma_234_comma_567_period_89`: the symbol's side, the group and the decimal separator. */
function explicitPositive(format: string, base: NumberStyle): Partial<NumberStyle> {
  const tokens = format.toLowerCase().split('_')
  const at = (token: string) => tokens.indexOf(token)
  const separatorBetween = (from: number, to: number) =>
    tokens
      .slice(from + 1, to)
      .map((token) => SEPARATOR_WORDS[token] ?? '')
      .join('')
  const group = at('1') >= 0 && at('234') > at('1') ? separatorBetween(at('1'), at('234')) : base.group
  const decimal =
    at('89') > at('567') && at('567') >= 0 ? separatorBetween(at('567'), at('89')) : base.decimal
  const symbolAt = at('csym')
  const result: Partial<NumberStyle> = { group, decimal: decimal || base.decimal }
  if (symbolAt >= 0 && base.symbol) {
    const before = symbolAt < at('1')
    const gapTokens = before
      ? tokens.slice(symbolAt + 1, at('1'))
      : tokens.slice(Math.max(at('89'), at('567')) + 1, symbolAt)
    result.symbol = { ...base.symbol, before, space: gapTokens.includes('space') }
  }
  return result
}

function explicitNegative(format: string): NumberStyle['negative'] {
  const tokens = format.toLowerCase().split('_')
  if (tokens.includes('opar')) return 'parentheses'
  return tokens[tokens.length - 1] === 'minus' ? 'trailing' : 'leading'
}

/** The culture's currency when the policy names none (DocuSign's culture defaults). */
function defaultCurrencyOf(locale: string): string {
  const region = new Intl.Locale(locale).maximize().region ?? 'US'
  return REGION_CURRENCY[region] ?? (EURO_REGIONS.has(region) ? 'EUR' : 'USD')
}

const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  MX: 'MXN',
  BR: 'BRL',
  CO: 'COP',
  AR: 'ARS',
  CL: 'CLP',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
}
const EURO_REGIONS = new Set(['DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'AT', 'PT', 'IE', 'FI', 'GR', 'LU'])

/**
 * A date tab's text as a day number: `yyyy-MM-dd`, or numbers in the order of its `dateFormat`, else of
 * its culture's short date, else `M/d/yyyy`.
 */
export function dateOfTab(tab: Tab, text: string | undefined): number | undefined {
  return parseDateText(text, datePatternOf(localePolicyOf(tab) ?? {}))
}

function datePatternOf(policy: LocalePolicy): string {
  const locale = localeOf(policy.cultureName)
  return policy.dateFormat ?? (locale ? cultureDatePattern(locale) : 'M/d/yyyy')
}

/** A date tab's stored date shown in `dateFormat`, else in the culture's short numeric date. */
function formatDateValue(rawValue: string, policy: LocalePolicy): string {
  const day = parseDateText(rawValue, datePatternOf(policy))
  if (day === undefined) return rawValue
  return formatDatePattern(day, datePatternOf(policy), localeOf(policy.cultureName) ?? 'en-US')
}

/** The culture's short date as a pattern (`d.M.yyyy` for de-DE, `dd/MM/yyyy` for fr-FR). */
export function cultureDatePattern(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2026, 2, 5)))
  return parts
    .map((part) => {
      if (part.type === 'year') return 'yyyy'
      if (part.type === 'month') return part.value.length === 2 ? 'MM' : 'M'
      if (part.type === 'day') return part.value.length === 2 ? 'dd' : 'd'
      return part.value.replace(/[yMd]/g, '')
    })
    .join('')
}

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
