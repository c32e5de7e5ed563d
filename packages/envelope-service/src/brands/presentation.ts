import type { BrandRequest } from 'esign-contract'
import type { BrandPresentation } from './model.js'

/**
 * What a brand changes for recipients: the organisation named in its emails (the From display name,
 * the header and footer) is `brandCompany`, else `brandName`; `defaultBrandLanguage` is the language of
 * a recipient who has none of their own, when it is one the service speaks (English or Spanish, any
 * regional variant); the header colours colour the email's header.
 */
export function presentationOf(brand: BrandRequest): BrandPresentation {
  const language = serviceLanguageOf(brand.defaultBrandLanguage)
  return {
    displayName: brand.brandCompany?.trim() || brand.brandName,
    ...(language ? { language } : {}),
    colors: Object.fromEntries((brand.colors ?? []).map((color) => [color.name, color.value])),
  }
}

function serviceLanguageOf(code: string | undefined): 'en' | 'es' | undefined {
  if (code === undefined) return undefined
  if (/^es(_|$)/i.test(code)) return 'es'
  if (/^en(_|$)/i.test(code)) return 'en'
  return undefined
}
