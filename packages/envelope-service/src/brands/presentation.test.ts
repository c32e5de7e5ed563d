import { describe, expect, it } from 'vitest'
import { presentationOf } from './presentation.js'

describe('presentationOf', () => {
  it("names the brand's company, else its name", () => {
    expect(presentationOf({ brandName: 'Acme', brandCompany: 'Acme Corporation' }).displayName).toBe(
      'Acme Corporation',
    )
    expect(presentationOf({ brandName: 'Acme', brandCompany: '  ' }).displayName).toBe('Acme')
    expect(presentationOf({ brandName: 'Acme' }).displayName).toBe('Acme')
  })

  it('gives its colours by name, and its default language when the service speaks it', () => {
    expect(
      presentationOf({
        brandName: 'Acme',
        defaultBrandLanguage: 'es_MX',
        colors: [{ name: 'headerText', value: '#FFFFFF' }],
      }),
    ).toEqual({ displayName: 'Acme', language: 'es', colors: { headerText: '#FFFFFF' } })
    expect(presentationOf({ brandName: 'Acme', defaultBrandLanguage: 'fr' })).not.toHaveProperty('language')
  })
})

describe("the brand's language", () => {
  it.each([
    ['es', 'es'],
    ['es_MX', 'es'],
    ['en', 'en'],
    ['en_GB', 'en'],
    ['fr', undefined],
    ['pt_BR', undefined],
  ] as const)('reads %s as %s', (defaultBrandLanguage, language) => {
    expect(presentationOf({ brandName: 'Acme', defaultBrandLanguage }).language).toBe(language)
  })
})
