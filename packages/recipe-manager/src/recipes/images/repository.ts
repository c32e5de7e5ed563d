import type { DbOrTx } from '../../database.js'
import type { ResizedImage } from './resize.js'

/** Stores the recipe's image, replacing any earlier one. False when there is no such recipe. */
export async function putImage(db: DbOrTx, recipeId: number, image: ResizedImage): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('recipes')
      .set({ image_hash: image.hash, image_width: image.width, image_height: image.height })
      .where('id', '=', recipeId)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return false
    await tx
      .insertInto('recipe_images')
      .values({ recipe_id: recipeId, hash: image.hash, full: image.full, thumbnail: image.thumbnail })
      .onConflict((conflict) =>
        conflict
          .column('recipe_id')
          .doUpdateSet({ hash: image.hash, full: image.full, thumbnail: image.thumbnail }),
      )
      .execute()
    return true
  })
}

/** Removes the recipe's image. False when there is no such recipe. */
export async function removeImage(db: DbOrTx, recipeId: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('recipes')
      .set({ image_hash: null, image_width: null, image_height: null })
      .where('id', '=', recipeId)
      .executeTakeFirst()
    await tx.deleteFrom('recipe_images').where('recipe_id', '=', recipeId).execute()
    return updated.numUpdatedRows > 0n
  })
}

export type ImageVariant = 'full' | 'thumbnail'

/** The bytes of one size of the recipe's image, when its current hash is `hash`. */
export async function imageBytes(
  db: DbOrTx,
  recipeId: number,
  hash: string,
  variant: ImageVariant,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('recipe_images')
    .select(variant)
    .where('recipe_id', '=', recipeId)
    .where('hash', '=', hash)
    .executeTakeFirst()
  if (!row) return undefined
  const bytes = row[variant] as Uint8Array
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** The full images of the given recipes (those that have one), for an export. */
export async function fullImagesOf(db: DbOrTx, recipeIds: readonly number[]): Promise<Map<number, Buffer>> {
  const images = new Map<number, Buffer>()
  if (recipeIds.length === 0) return images
  const rows = await db
    .selectFrom('recipe_images')
    .select(['recipe_id', 'full'])
    .where('recipe_id', 'in', recipeIds)
    .execute()
  for (const row of rows) {
    const bytes = row.full as Uint8Array
    images.set(Number(row.recipe_id), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  }
  return images
}
