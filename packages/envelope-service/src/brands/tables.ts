/**
 * An account's brand. `details` holds the rest of DocuSign's `brand` as JSON (languages, colours, links,
 * landing pages, the default flags), read and written whole.
 */
export interface BrandsTable {
  id: string
  account_id: string
  name: string
  company: string | null
  default_language: string | null
  details: string
  created_at: string
}

export interface BrandTables {
  brands: BrandsTable
}
