import { describe, expect, it } from 'vitest'
import { recipientLanguageOf } from './model.js'

/** The language of a recipient's messages and signing page. */

describe('recipientLanguageOf', () => {
  it("follows the recipient's supportedLanguage (Spanish for es…, English otherwise), else the form language", () => {
    const form = [{ name: 'Language', value: 'Spanish' }]
    expect(recipientLanguageOf({ emailNotification: { supportedLanguage: 'es' } }, [])).toBe('es')
    expect(recipientLanguageOf({ emailNotification: { supportedLanguage: 'es-MX' } }, [])).toBe('es')
    expect(recipientLanguageOf({ emailNotification: { supportedLanguage: 'ES_co' } }, [])).toBe('es')
    expect(recipientLanguageOf({ emailNotification: { supportedLanguage: 'fr' } }, form)).toBe('en')
    expect(recipientLanguageOf({ emailNotification: { supportedLanguage: 'est' } }, [])).toBe('en')
    expect(recipientLanguageOf({ emailNotification: { emailSubject: 'Hi' } }, form)).toBe('es')
    expect(recipientLanguageOf({}, [])).toBeUndefined()
  })
})
