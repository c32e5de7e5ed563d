import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BODY_DIVIDER, composeBody, defaultSubjectText } from './body.js'
import { formLanguageName, resolveLanguage } from './language.js'
import { composeSubject, MAX_SUBJECT_LENGTH, SERVICE_NAME } from './subject.js'

const PREFIX = `${SERVICE_NAME}: `
const hasLoneSurrogate = (value: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)

describe('Subject and body composition rule 1: prefix, ": ", subject text, truncated to 100 characters', () => {
  it('joins the fixed service-name prefix and the subject text with ": "', () => {
    expect(composeSubject('Your service agreement')).toBe('Inkwell: Your service agreement')
  })

  it('keeps a subject of exactly 100 characters whole and cuts the 101st', () => {
    const fits = 'a'.repeat(MAX_SUBJECT_LENGTH - PREFIX.length)
    expect(composeSubject(fits)).toBe(PREFIX + fits)
    expect(composeSubject(`${fits}b`)).toBe(PREFIX + fits)
  })

  it('drops an emoji whole rather than splitting its surrogate pair at the limit', () => {
    const text = `${'a'.repeat(MAX_SUBJECT_LENGTH - PREFIX.length - 1)}😀`
    expect(composeSubject(text)).toBe(PREFIX + 'a'.repeat(MAX_SUBJECT_LENGTH - PREFIX.length - 1))
  })

  it('turns line breaks into spaces, since a subject is one line', () => {
    expect(composeSubject(' Sign\r\nnow\t ')).toBe('Inkwell: Sign now')
  })

  it('property: at most 100 characters, no lone surrogate, prefix kept, a prefix of the untruncated subject', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const subject = composeSubject(text)
        expect(subject.length).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH)
        expect(hasLoneSurrogate(subject)).toBe(false)
        expect(subject.startsWith(PREFIX.trimEnd())).toBe(true)
        const full = `${PREFIX}${text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()}`
        expect(full.startsWith(subject)).toBe(true)
        if (full.length <= MAX_SUBJECT_LENGTH) expect(subject).toBe(full)
        else expect(subject.length).toBeGreaterThanOrEqual(MAX_SUBJECT_LENGTH - 1)
      }),
      { numRuns: 500 },
    )
  })
})

describe('Subject and body composition rule 2: greeting, template bodies with a divider, sign-off', () => {
  it('puts the bodies in the order of the chosen templates between greeting and sign-off', () => {
    const body = composeBody({ language: 'en', templateBodies: ['First body.', 'Second body.'] })
    expect(body).toBe(`Hello,\n\nFirst body.${BODY_DIVIDER}Second body.\n\nThank you,\n${SERVICE_NAME}`)
  })

  it('skips templates without a body, so no two dividers meet', () => {
    const body = composeBody({ language: 'en', templateBodies: ['One.', '  ', 'Two.'] })
    expect(body.split(BODY_DIVIDER)).toHaveLength(2)
    expect(body.startsWith('Hello,\n\nOne.')).toBe(true)
  })

  it('has greeting and sign-off even without any template body', () => {
    expect(composeBody({ language: 'es', templateBodies: [] })).toBe(`Hola:\n\nGracias,\n${SERVICE_NAME}`)
  })

  it('property: every non-blank body appears once, in order, and the divider count is bodies - 1', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z .]{0,30}$/), { maxLength: 6 }), (bodies) => {
        const body = composeBody({ language: 'en', templateBodies: bodies })
        const kept = bodies.map((b) => b.trim()).filter((b) => b !== '')
        expect(body.split(BODY_DIVIDER).length - 1).toBe(Math.max(0, kept.length - 1))
        let from = 0
        for (const part of kept) {
          const at = body.indexOf(part, from)
          expect(at).toBeGreaterThanOrEqual(from)
          from = at + part.length
        }
      }),
    )
  })
})

describe('Subject and body composition rule 3: English by default, Spanish for Spanish codes and words', () => {
  it.each([
    'es',
    'ES',
    'es-CO',
    'es_MX',
    'Es-Co',
    'es-419',
    'Spanish',
    'SPANISH',
    'Español',
    'ESPAÑOL',
    'Espanol',
    ' español ',
  ])('chooses Spanish for %j', (language) => {
    expect(resolveLanguage(language)).toBe('es')
    expect(composeBody({ language: resolveLanguage(language), templateBodies: [] })).toMatch(/^Hola/)
  })

  it.each([undefined, null, '', 'en', 'en-US', 'English', 'fr', 'estonian', 'est', 'e', 'spanglish'])(
    'chooses English for %j',
    (language) => {
      expect(resolveLanguage(language)).toBe('en')
      expect(composeBody({ language: resolveLanguage(language), templateBodies: [] })).toMatch(/^Hello/)
    },
  )

  it('accepts the decomposed spelling of Español (n + combining tilde)', () => {
    expect(resolveLanguage('Espan\u0303ol')).toBe('es')
  })

  it('has a default subject text in each language for a sender who gave none', () => {
    expect(defaultSubjectText('en')).toBe('Documents for your signature')
    expect(defaultSubjectText('es')).toBe('Documentos para su firma')
  })

  it('names the form-language list item after the language', () => {
    expect(formLanguageName('es')).toBe('Spanish')
    expect(formLanguageName('en')).toBe('English')
  })
})
