import type { BrandRequest } from 'esign-contract'

/** A brand as stored: DocuSign's `brand` without its id, and the account it belongs to. */
export interface StoredBrand {
  id: string
  accountId: string
  createdAt: string
  brand: BrandRequest
}

/** What the messages and signing pages of an envelope need of its brand. */
export interface BrandPresentation {
  /** The brand's company, else its name: shown as the sender's organisation. */
  displayName: string
  /** `defaultBrandLanguage` as one of the service's languages; undefined when it speaks neither. */
  language?: 'en' | 'es'
  /** `#RRGGBB` by DocuSign's colour names (`headerBackground`, `headerText`, ...). */
  colors: Record<string, string>
}
