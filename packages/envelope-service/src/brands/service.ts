import { randomUUID } from 'node:crypto'
import type { Brand, BrandRequest } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { Db, DbOrTx } from '../database.js'
import type { BrandPresentation, StoredBrand } from './model.js'
import { presentationOf } from './presentation.js'
import { deleteBrands, findBrand, insertBrand, listBrands, replaceBrand } from './repository.js'

/**
 * DocuSign's account brands: created, read, changed and deleted through the API; an envelope or template
 * names one by `brandId` (presentation.ts says what that changes). Logos and resource files are not
 * part of this service.
 */

const toWire = (stored: StoredBrand): Brand => ({ brandId: stored.id, ...stored.brand })

export async function listAccountBrands(db: Db, accountId: string) {
  const brands = await listBrands(db, accountId)
  const sending = brands.find((stored) => stored.brand.isSendingDefault)
  const signing = brands.find((stored) => stored.brand.isSigningDefault)
  return {
    brands: brands.map(toWire),
    ...(sending ? { senderBrandIdDefault: sending.id } : {}),
    ...(signing ? { recipientBrandIdDefault: signing.id } : {}),
  }
}

async function requireBrand(db: DbOrTx, accountId: string, brandId: string): Promise<StoredBrand> {
  const stored = await findBrand(db, accountId, brandId)
  if (!stored) throw new NotFoundError(`Brand ${brandId} not found`)
  return stored
}

export async function getAccountBrand(db: Db, accountId: string, brandId: string): Promise<Brand> {
  return toWire(await requireBrand(db, accountId, brandId))
}

function checkBrand(brand: BrandRequest) {
  const languages = brand.brandLanguages
  if (brand.defaultBrandLanguage && languages?.length && !languages.includes(brand.defaultBrandLanguage)) {
    throw new InvalidRequestError('defaultBrandLanguage must be one of brandLanguages')
  }
  const colors = (brand.colors ?? []).map((color) => color.name)
  const repeated = colors.find((name, index) => colors.indexOf(name) !== index)
  if (repeated) throw new InvalidRequestError(`colors names ${repeated} twice`)
}

/** One sending and one signing default at most: a brand that becomes one takes the flag from the others. */
async function takeDefaultFlags(tx: DbOrTx, stored: StoredBrand) {
  const { isSendingDefault, isSigningDefault } = stored.brand
  if (!isSendingDefault && !isSigningDefault) return
  for (const other of await listBrands(tx, stored.accountId)) {
    if (other.id === stored.id) continue
    const brand = {
      ...other.brand,
      ...(isSendingDefault && other.brand.isSendingDefault ? { isSendingDefault: false } : {}),
      ...(isSigningDefault && other.brand.isSigningDefault ? { isSigningDefault: false } : {}),
    }
    if (
      brand.isSendingDefault !== other.brand.isSendingDefault ||
      brand.isSigningDefault !== other.brand.isSigningDefault
    ) {
      await replaceBrand(tx, { ...other, brand })
    }
  }
}

/** Creates a brand; answers DocuSign's `brandsResponse` with it, as `POST /brands` does. */
export async function createBrand(db: Db, accountId: string, brand: BrandRequest, now: number) {
  checkBrand(brand)
  const stored: StoredBrand = {
    id: randomUUID(),
    accountId,
    createdAt: new Date(now).toISOString(),
    brand: { ...brand, brandName: brand.brandName.trim() },
  }
  await db.transaction().execute(async (tx) => {
    await insertBrand(tx, stored)
    await takeDefaultFlags(tx, stored)
  })
  return { brands: [toWire(stored)] }
}

/** Changes the properties given; the others stay. */
export async function updateBrand(db: Db, accountId: string, brandId: string, change: Partial<BrandRequest>) {
  const stored = await requireBrand(db, accountId, brandId)
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined))
  const updated: StoredBrand = { ...stored, brand: { ...stored.brand, ...given } }
  checkBrand(updated.brand)
  await db.transaction().execute(async (tx) => {
    await replaceBrand(tx, updated)
    await takeDefaultFlags(tx, updated)
  })
  return toWire(updated)
}

export async function deleteBrand(db: Db, accountId: string, brandId: string) {
  await requireBrand(db, accountId, brandId)
  await deleteBrands(db, accountId, [brandId])
}

/** Deletes several brands (`brandsRequest`): all of them, or none when one is not the account's. */
export async function deleteSeveralBrands(db: Db, accountId: string, brandIds: string[]) {
  await db.transaction().execute(async (tx) => {
    for (const [index, brandId] of brandIds.entries()) {
      if (!(await findBrand(tx, accountId, brandId))) {
        throw new InvalidRequestError(`brands[${index}].brandId ${brandId} is not a brand of this account`)
      }
    }
    await deleteBrands(tx, accountId, brandIds)
  })
  return listAccountBrands(db, accountId)
}

/**
 * Checks a `brandId` given in a create or update body: unknown to the account is a 400 that names the
 * field (`path`), as DocuSign answers.
 */
export async function checkBrandId(db: DbOrTx, accountId: string, brandId: string, path = 'brandId') {
  if (!(await findBrand(db, accountId, brandId))) {
    throw new InvalidRequestError(`${path} ${brandId} is not a brand of this account`)
  }
}

/**
 * What an envelope's brand changes for its recipients: the brand it names, else the account's signing
 * default (`isSigningDefault`: DocuSign's default brand for what recipients see, its emails and signing
 * page), read when a message is written or a signing page opens, so a default set later applies to
 * envelopes already out. Undefined when there is neither (a deleted brand counts as none).
 */
export async function brandPresentation(
  db: DbOrTx,
  accountId: string,
  brandId: string | undefined,
): Promise<BrandPresentation | undefined> {
  const named = brandId === undefined ? undefined : await findBrand(db, accountId, brandId)
  const stored = named ?? (await listBrands(db, accountId)).find((other) => other.brand.isSigningDefault)
  return stored && presentationOf(stored.brand)
}
