import type { BrandRequest } from 'esign-contract'
import type { DbOrTx } from '../database.js'
import type { StoredBrand } from './model.js'

type Details = Omit<BrandRequest, 'brandName' | 'brandCompany' | 'defaultBrandLanguage'>

const toBrand = (row: {
  id: string
  account_id: string
  name: string
  company: string | null
  default_language: string | null
  details: string
  created_at: string
}): StoredBrand => ({
  id: row.id,
  accountId: row.account_id,
  createdAt: row.created_at,
  brand: {
    brandName: row.name,
    ...(row.company !== null ? { brandCompany: row.company } : {}),
    ...(row.default_language !== null
      ? { defaultBrandLanguage: row.default_language as NonNullable<BrandRequest['defaultBrandLanguage']> }
      : {}),
    ...(JSON.parse(row.details) as Details),
  },
})

function toRow(brand: BrandRequest) {
  const { brandName, brandCompany, defaultBrandLanguage, ...details } = brand
  return {
    name: brandName,
    company: brandCompany ?? null,
    default_language: defaultBrandLanguage ?? null,
    details: JSON.stringify(details),
  }
}

export async function listBrands(db: DbOrTx, accountId: string): Promise<StoredBrand[]> {
  const rows = await db
    .selectFrom('brands')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(toBrand)
}

export async function findBrand(db: DbOrTx, accountId: string, id: string): Promise<StoredBrand | undefined> {
  const row = await db
    .selectFrom('brands')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst()
  return row && toBrand(row)
}

export async function insertBrand(db: DbOrTx, brand: StoredBrand): Promise<void> {
  await db
    .insertInto('brands')
    .values({ id: brand.id, account_id: brand.accountId, created_at: brand.createdAt, ...toRow(brand.brand) })
    .execute()
}

export async function replaceBrand(db: DbOrTx, brand: StoredBrand): Promise<void> {
  await db
    .updateTable('brands')
    .set(toRow(brand.brand))
    .where('account_id', '=', brand.accountId)
    .where('id', '=', brand.id)
    .execute()
}

/** Deletes the brands; answers the ids that were the account's. */
export async function deleteBrands(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .deleteFrom('brands')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}
