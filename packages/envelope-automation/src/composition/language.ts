/**
 * The flow input `language` picks the greeting and sign-off (Subject and body composition rule 3): Spanish
 * for a Spanish locale code (`es`, `es-CO`, `es_MX`, any case; also the ISO 639-2 code `spa`) or a common
 * name of Spanish in English or Spanish (`Spanish`, `Español`, `Espanol`, `Castellano`, `Castilian`, any
 * case, optionally with a region in parentheses: `Español (Colombia)`); English for anything else, blank
 * included, since English is the default.
 */
export type Language = 'en' | 'es'

const SPANISH_LOCALE = /^es(?:[-_][a-z0-9]{1,8})*$/i
const SPANISH_NAMES = new Set(['spanish', 'español', 'espanol', 'castellano', 'castilian', 'spa'])
const REGION = /\s*\([^()]*\)$/

export function resolveLanguage(language: string | null | undefined): Language {
  const value = (language ?? '').trim().normalize('NFC')
  if (SPANISH_LOCALE.test(value)) return 'es'
  return SPANISH_NAMES.has(value.replace(REGION, '').toLowerCase()) ? 'es' : 'en'
}

/** The item of the form-language list custom field (`English` / `Spanish`) for a language. */
export function formLanguageName(language: Language): 'English' | 'Spanish' {
  return language === 'es' ? 'Spanish' : 'English'
}
