import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  consumerDisclosure,
  disclosureLanguage,
  disclosureUpdate,
  editableLanguage,
} from './consumer-disclosure.js'
import { type DisclosureDetails, disclosureDetailsIn } from './text.js'

describe("the disclosure's language", () => {
  const browser = () => 'es' as const
  it('is the given code read as DocuSign spells it, the caller’s for browser, the default when none', () => {
    expect(disclosureLanguage(undefined, browser, 'en')).toBe('en')
    expect(disclosureLanguage('  ', browser, 'es')).toBe('es')
    expect(disclosureLanguage('browser', browser, 'en')).toBe('es')
    for (const code of ['es', 'es_MX', 'es-mx', 'ES'])
      expect(disclosureLanguage(code, browser, 'en')).toBe('es')
    for (const code of ['en', 'en_GB', 'fr', 'zh_CN', 'pt_BR']) {
      expect(disclosureLanguage(code, browser, 'es')).toBe('en')
    }
    for (const code of ['klingon', 'e', 'es_ES_x', '<b>']) {
      expect(() => disclosureLanguage(code, browser, 'en')).toThrow(/langCode/)
    }
  })
})

describe('the disclosure as DocuSign answers it', () => {
  it('writes every text escaped: a name cannot add markup', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('en' as const, 'es' as const), (companyName, language) => {
        const answer = consumerDisclosure({ accountId: 'a', companyName, language })
        const markupLeft = (html: string | undefined) => (html ?? '').replace(/<\/?(h2|h3|p)>/g, '')
        expect(markupLeft(answer.esignText)).not.toMatch(/[<>]/)
        expect(markupLeft(answer.esignAgreement)).not.toMatch(/[<>]/)
        expect(answer.companyName).toBe(companyName)
        expect(answer.languageCode).toBe(language)
      }),
    )
    const answer = consumerDisclosure({ accountId: 'a', companyName: 'Ruiz & <Hijos>', language: 'es' })
    expect(answer.esignText).toContain('Ruiz &amp; &lt;Hijos&gt;')
  })
})

/** Details an account could set: each text trimmed and non-empty, each way to withdraw with its means. */
const text = (max: number) =>
  fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim() === value && value !== '')
const email = fc.emailAddress().filter((value) => value.length <= 200)
const details: fc.Arbitrary<DisclosureDetails> = fc
  .record(
    {
      companyName: text(200),
      companyPhone: text(40),
      changeEmail: email,
      changeEmailOther: text(2000),
      copyRequestEmail: email,
      copyCostPerPage: fc.constantFrom('0', '0.25', '1', '12.5'),
      copyFeeCollectionMethod: text(100),
      withdrawByEmail: fc.constant(true),
      withdrawEmail: email,
      withdrawByPhone: fc.boolean(),
      withdrawPhone: text(40),
      withdrawByMail: fc.boolean(),
      withdrawAddressLine1: text(100),
      withdrawAddressLine2: text(100),
      withdrawCity: text(60),
      withdrawState: text(60),
      withdrawPostalCode: text(20),
      withdrawConsequences: text(500),
      withdrawOther: text(500),
    },
    { requiredKeys: [] },
  )
  .map((picked) => {
    const next: DisclosureDetails = { ...picked }
    if (next.withdrawByEmail && next.withdrawEmail === undefined) delete next.withdrawByEmail
    if (next.withdrawByPhone !== true || next.withdrawPhone === undefined) delete next.withdrawByPhone
    if (
      next.withdrawByMail !== true ||
      next.withdrawAddressLine1 === undefined ||
      next.withdrawCity === undefined
    )
      delete next.withdrawByMail
    return next
  })

describe("the account's details in the disclosure", () => {
  const language = fc.constantFrom('en' as const, 'es' as const)

  it('come back from a read sent back unchanged as they were, with no markup added', () => {
    fc.assert(
      fc.property(details, language, (set, lang) => {
        const answer = consumerDisclosure({
          accountId: 'a',
          companyName: 'Account',
          language: lang,
          details: set,
        })
        expect(disclosureUpdate(answer, { details: set, answer })).toEqual({
          details: set,
          onEveryEnvelope: false,
        })
        const markupLeft = (html: string | undefined) => (html ?? '').replace(/<\/?(h2|h3|p)>/g, '')
        expect(markupLeft(answer.esignText)).not.toMatch(/[<>]/)
        for (const way of ['withdrawByEmail', 'withdrawByPhone', 'withdrawByMail'] as const) {
          expect(answer[way]).toBe(String(set[way] === true))
        }
      }),
    )
  })

  it('change only where an update gives them, and an emptied text is removed', () => {
    fc.assert(
      fc.property(details, details, language, (before, given, lang) => {
        const answer = consumerDisclosure({
          accountId: 'a',
          companyName: 'Account',
          language: lang,
          details: before,
        })
        const update = { ...given, companyPhone: '' }
        const updated = (() => {
          try {
            return disclosureUpdate(update, { details: before, answer }).details
          } catch {
            return undefined // the mix may leave a way to withdraw without its means: refused, checked below
          }
        })()
        if (updated === undefined) return
        const { companyPhone: _removed, ...rest } = { ...before, ...given }
        expect(updated).toEqual(rest)
      }),
    )
  })

  it('are refused with every problem named, and only en and es can be written', () => {
    const answer = consumerDisclosure({ accountId: 'a', companyName: 'Account', language: 'en' })
    expect(() =>
      disclosureUpdate(
        {
          withdrawByMail: 'true',
          withdrawByEmail: 'yes',
          custom: 'maybe',
          languageCode: 'es',
          copyCostPerPage: '-1',
        },
        { details: {}, answer },
      ),
    ).toThrow(
      /withdrawByEmail must be "true" or "false".*custom must be "true" or "false".*languageCode.*copyCostPerPage.*withdrawByMail needs/,
    )
    expect(disclosureUpdate({ companyName: 'Account' }, { details: {}, answer })).toEqual({
      details: {},
      onEveryEnvelope: false,
    })
    expect(
      disclosureUpdate({ useConsumerDisclosureWithinAccount: 'true' }, { details: {}, answer })
        .onEveryEnvelope,
    ).toBe(true)
    expect(editableLanguage('es_MX')).toBe('es')
    expect(editableLanguage('EN-gb')).toBe('en')
    for (const code of ['browser', 'fr', 'e', 'english'])
      expect(() => editableLanguage(code)).toThrow(/langCode/)
  })
})

describe("an account's own text", () => {
  const service = consumerDisclosure({ accountId: 'a', companyName: 'Account', language: 'en' })
  const own = '<h2>Our consent</h2><p>Read <a href="https://a.test">this</a>.</p>'
  const stored =
    '<h2>Our consent</h2><p>Read <a href="https://a.test" target="_blank" rel="noopener noreferrer">this</a>.</p>'

  it('replaces the text with custom "true", is kept when sent back as read, and goes with custom "false"', () => {
    const set = disclosureUpdate({ custom: 'true', esignText: own }, { details: {}, answer: service })
    expect(set.details).toEqual({ ownText: stored })
    const answer = consumerDisclosure({ accountId: 'a', companyName: 'Account', language: 'en', ...set })
    expect(answer).toMatchObject({
      custom: 'true',
      esignText: stored,
      esignAgreement: service.esignAgreement,
    })
    // A read sent back, and a change of the details alone, keep the text.
    expect(disclosureUpdate({ ...answer }, { details: set.details, answer }).details).toEqual(set.details)
    expect(
      disclosureUpdate({ changeEmail: 'records@a.test' }, { details: set.details, answer }).details,
    ).toEqual({ ownText: stored, changeEmail: 'records@a.test' })
    // A version with its own text takes a new one without saying custom again.
    expect(
      disclosureUpdate({ esignText: '<p>Shorter</p>' }, { details: set.details, answer }).details,
    ).toEqual({ ownText: '<p>Shorter</p>' })
    // Back to this service's text, even with the read's own text sent along.
    const back = disclosureUpdate({ ...answer, custom: 'false' }, { details: set.details, answer })
    expect(back.details).toEqual({})
    expect(consumerDisclosure({ accountId: 'a', companyName: 'Account', language: 'en', ...back })).toEqual(
      service,
    )
  })

  it('is refused without its text, with markup beyond formatting, or changed while custom is "false"', () => {
    const refusal = (update: Record<string, unknown>) => {
      try {
        disclosureUpdate(update, { details: {}, answer: service })
      } catch (error) {
        return (error as Error).message
      }
      return 'taken'
    }
    expect(refusal({ custom: 'true' })).toContain('custom "true" needs esignText')
    expect(refusal({ esignText: own })).toContain('esignText cannot be changed while custom is "false"')
    expect(refusal({ custom: 'true', esignText: 42 })).toContain('esignText must be a string of HTML')
    expect(refusal({ custom: 'true', esignText: '<p onclick="x()">Hi</p><script>x()</script>' })).toMatch(
      /attribute onclick.*<script>/,
    )
    expect(
      refusal({ custom: 'true', esignText: own, esignAgreement: '<p>I agree to anything.</p>' }),
    ).toContain('esignAgreement cannot be changed')
  })
})

describe('a version of the disclosure never set', () => {
  const language = fc.constantFrom('en' as const, 'es' as const)
  const FREE_TEXTS = ['changeEmailOther', 'copyFeeCollectionMethod', 'withdrawConsequences', 'withdrawOther']

  it("borrows the other version's addresses and numbers, never its sentences; a set version is its own", () => {
    fc.assert(
      fc.property(details, fc.option(details, { nil: undefined }), language, (other, own, lang) => {
        const otherLanguage = lang === 'en' ? 'es' : 'en'
        const shown = disclosureDetailsIn({ [otherLanguage]: other, ...(own ? { [lang]: own } : {}) }, lang)
        if (own) {
          expect(shown).toBe(own)
          return
        }
        for (const [name, value] of Object.entries(shown ?? {})) {
          expect(FREE_TEXTS).not.toContain(name)
          expect(other[name as keyof DisclosureDetails]).toBe(value)
        }
        for (const [name, value] of Object.entries(other)) {
          if (!FREE_TEXTS.includes(name)) expect(shown?.[name as keyof DisclosureDetails]).toBe(value)
        }
      }),
    )
    expect(disclosureDetailsIn({}, 'es')).toBeUndefined()
  })
})
