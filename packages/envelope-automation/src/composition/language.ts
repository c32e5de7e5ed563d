/**
 * The flow input `language` picks the greeting and sign-off (Subject and body composition rule 3): Spanish
 * for a Spanish locale code (`es`, `es-CO`, `es_MX`, any case) or a word for Spanish (`Spanish`, `Español`,
 * `Espanol`, any case); English for anything else, blank included, since English is the default.
 */
export type Language = 'en' | 'es'

const SPANISH_LOCALE = /^es(?:[-_][a-z0-9]{1,8})*$/i
const SPANISH_WORDS = new Set(['spanish', 'español', 'espanol'])

export function resolveLanguage(language: string | null | undefined): Language {
  const value = (language ?? '').trim().normalize('NFC')
  if (SPANISH_LOCALE.test(value) || SPANISH_WORDS.has(value.toLowerCase())) return 'es'
  return 'en'
}

/** The item of the form-language list custom field (`English` / `Spanish`) for a language. */
export function formLanguageName(language: Language): 'English' | 'Spanish' {
  return language === 'es' ? 'Spanish' : 'English'
}
