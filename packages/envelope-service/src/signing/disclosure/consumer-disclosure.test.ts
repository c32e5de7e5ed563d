import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { consumerDisclosure, disclosureLanguage } from './consumer-disclosure.js'

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
