import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from './scalars.js'

/**
 * DocuSign's brands (`brand`, `brandsResponse`, `brandsRequest`): the wire shapes of `/brands`. Logos and
 * resource files are not part of this service; their properties are answered by no brand.
 */

/** The language codes DocuSign's `defaultBrandLanguage` and `brandLanguages` take. */
export const BRAND_LANGUAGES = [
  'ar',
  'hy',
  'id',
  'ms',
  'bg',
  'zh_CN',
  'zh_TW',
  'hr',
  'cs',
  'da',
  'nl',
  'en_GB',
  'en',
  'et',
  'fa',
  'fi',
  'fr',
  'fr_CA',
  'de',
  'el',
  'he',
  'hi',
  'hu',
  'it',
  'ja',
  'ko',
  'lv',
  'lt',
  'no',
  'pl',
  'pt',
  'pt_BR',
  'ro',
  'ru',
  'sr',
  'sk',
  'sl',
  'es',
  'es_MX',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
] as const

/** The elements a brand's `colors` name (DocuSign's four). */
export const BRAND_COLOR_NAMES = [
  'buttonPrimaryBackground',
  'buttonPrimaryText',
  'headerBackground',
  'headerText',
] as const

const BrandLanguage = StringEnum(BRAND_LANGUAGES)

export const BrandColor = Type.Object({
  name: StringEnum(BRAND_COLOR_NAMES),
  value: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'A hex colour, #RRGGBB' }),
})

const BrandLink = Type.Object({
  linkType: Type.String({ maxLength: 100 }),
  linkText: Type.Optional(Type.String({ maxLength: 200 })),
  urlOrMailTo: Type.Optional(Type.String({ maxLength: 2000 })),
  showLink: Type.Optional(Type.String({ maxLength: 10 })),
})

const NameValue = Type.Object({
  name: Type.String({ maxLength: 100 }),
  value: Type.String({ maxLength: 2000 }),
})

const BrandFields = {
  brandName: Type.String({ minLength: 1, maxLength: 100 }),
  brandCompany: Type.Optional(Type.String({ maxLength: 100 })),
  defaultBrandLanguage: Type.Optional(BrandLanguage),
  brandLanguages: Type.Optional(Type.Array(BrandLanguage, { maxItems: BRAND_LANGUAGES.length })),
  colors: Type.Optional(Type.Array(BrandColor, { maxItems: BRAND_COLOR_NAMES.length })),
  isOverridingCompanyName: Type.Optional(Type.Boolean()),
  isSendingDefault: Type.Optional(Type.Boolean()),
  isSigningDefault: Type.Optional(Type.Boolean()),
  links: Type.Optional(Type.Array(BrandLink, { maxItems: 20 })),
  landingPages: Type.Optional(Type.Array(NameValue, { maxItems: 20 })),
}

/** The body of `POST .../brands` (one brand) and `PUT .../brands/{brandId}`. */
export const BrandRequest = Type.Object(BrandFields)
export type BrandRequest = Static<typeof BrandRequest>

/** DocuSign's `brand`, as answered. */
export const Brand = Type.Object({ brandId: Type.String(), ...BrandFields })
export type Brand = Static<typeof Brand>

/** DocuSign's `brandsResponse` (`AccountBrands`). */
export const BrandsResponse = Type.Object({
  brands: Type.Array(Brand),
  recipientBrandIdDefault: Type.Optional(Type.String()),
  senderBrandIdDefault: Type.Optional(Type.String()),
})
export type BrandsResponse = Static<typeof BrandsResponse>

/** DocuSign's `brandsRequest`: the brands to delete. */
export const BrandsRequest = Type.Object({
  brands: Type.Array(Type.Object({ brandId: Type.String({ minLength: 1, maxLength: 64 }) }), {
    minItems: 1,
    maxItems: 100,
  }),
})
