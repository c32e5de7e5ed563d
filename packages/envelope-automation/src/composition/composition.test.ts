import { characterCount } from 'esign-contract'
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

  it('counts an emoji as one character, as the service does: 91 emoji fill a subject', () => {
    const emoji = '😀'.repeat(MAX_SUBJECT_LENGTH - PREFIX.length)
    expect(composeSubject(emoji)).toBe(PREFIX + emoji)
    expect(composeSubject(`${emoji}😀`)).toBe(PREFIX + emoji)
    expect(characterCount(composeSubject(`${emoji}😀`))).toBe(MAX_SUBJECT_LENGTH)
  })

  it('drops a grapheme cluster whole rather than splitting it at the limit (a flag, an accent)', () => {
    const room = MAX_SUBJECT_LENGTH - PREFIX.length
    // 🇨🇴 is two code points; with one character of room left it goes whole.
    expect(composeSubject(`${'a'.repeat(room - 1)}🇨🇴`)).toBe(PREFIX + 'a'.repeat(room - 1))
    // e + combining acute is two code points: kept together or dropped together.
    expect(composeSubject(`${'a'.repeat(room - 1)}e\u0301`)).toBe(PREFIX + 'a'.repeat(room - 1))
  })

  it('turns line breaks into spaces, since a subject is one line', () => {
    expect(composeSubject(' Sign\r\nnow\t ')).toBe('Inkwell: Sign now')
  })

  it('property: at most 100 characters, ends on a grapheme boundary, prefix kept, the longest such cut', () => {
    const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const subject = composeSubject(text)
        const full = `${PREFIX}${text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()}`
        expect(characterCount(subject)).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH)
        expect(hasLoneSurrogate(subject)).toBe(false)
        expect(subject.startsWith(PREFIX.trimEnd())).toBe(true)
        expect(full.startsWith(subject)).toBe(true)
        // The cut is at a boundary between clusters, and the next cluster would not have fitted.
        const boundaries = [...graphemes.segment(full)].map(({ index }) => index)
        if (subject.length < full.length) {
          expect(boundaries).toContain(subject.length)
          const next = [...graphemes.segment(full.slice(subject.length))][0]?.segment ?? ''
          expect(characterCount(subject) + characterCount(next)).toBeGreaterThan(MAX_SUBJECT_LENGTH)
        } else {
          expect(characterCount(full)).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH)
        }
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
    'castellano',
    'Castellano',
    'Castilian',
    'spa',
    'Español (Colombia)',
    'Spanish (Mexico)',
  ])('chooses Spanish for %j', (language) => {
    expect(resolveLanguage(language)).toBe('es')
    expect(composeBody({ language: resolveLanguage(language), templateBodies: [] })).toMatch(/^Hola/)
  })

  it.each([
    undefined,
    null,
    '',
    'en',
    'en-US',
    'English',
    'fr',
    'estonian',
    'est',
    'e',
    'spanglish',
    'Spanish speaker',
    'castellano antiguo',
    '(Spanish)',
  ])('chooses English for %j', (language) => {
    expect(resolveLanguage(language)).toBe('en')
    expect(composeBody({ language: resolveLanguage(language), templateBodies: [] })).toMatch(/^Hello/)
  })

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
