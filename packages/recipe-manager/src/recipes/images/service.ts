import { InvalidRequestError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { coded } from '../../errors.js'
import { fetchImage } from '../../fetching/fetch-page.js'
import type { Recipe } from '../schema.js'
import { getRecipe, recipeNotFound } from '../service.js'
import { type ImageVariant, imageBytes, putImage, removeImage } from './repository.js'
import { resizeImage, UnreadableImageError } from './resize.js'

/**
 * A recipe's image: uploaded, or downloaded from an address (a recipe page's image, under the page
 * import's address policy and limits), resized (resize.ts), stored with the recipe and gone with it.
 */

async function resized(bytes: Uint8Array) {
  try {
    return await resizeImage(bytes)
  } catch (error) {
    if (error instanceof UnreadableImageError) throw new InvalidRequestError(error.message, coded(error.code))
    throw error
  }
}

/** Resizes and stores the image, replacing the recipe's earlier one; the recipe as it is now. */
export async function setRecipeImage(
  ctx: ServiceContext,
  recipeId: number,
  bytes: Uint8Array,
): Promise<Recipe> {
  if (bytes.length === 0) throw new InvalidRequestError('image is empty', coded('image_unreadable'))
  const image = await resized(bytes)
  try {
    if (!(await putImage(ctx.db, recipeId, image))) throw recipeNotFound(recipeId)
  } finally {
    ctx.reads.invalidate()
  }
  return getRecipe(ctx, recipeId)
}

/** Downloads the image at `url` (http or https; private addresses only with IMPORT_ALLOW_PRIVATE_URLS). */
export async function setRecipeImageFromUrl(
  ctx: ServiceContext,
  recipeId: number,
  url: string,
): Promise<Recipe> {
  // The recipe is checked first, so a missing recipe costs no download.
  await getRecipe(ctx, recipeId)
  return setRecipeImage(ctx, recipeId, await fetchImage(url, ctx.config.IMPORT_ALLOW_PRIVATE_URLS))
}

export async function deleteRecipeImage(ctx: ServiceContext, recipeId: number): Promise<Recipe> {
  try {
    if (!(await removeImage(ctx.db, recipeId))) throw recipeNotFound(recipeId)
  } finally {
    ctx.reads.invalidate()
  }
  return getRecipe(ctx, recipeId)
}

/** `<hash>.webp` is the full image, `<hash>-thumb.webp` the thumbnail. */
const IMAGE_FILE = /^([0-9a-f]{20})(-thumb)?\.webp$/

/** The bytes behind an image address, if it names the recipe's current image. */
export async function readRecipeImage(
  ctx: ServiceContext,
  recipeId: number,
  file: string,
): Promise<{ bytes: Buffer; etag: string } | undefined> {
  const match = IMAGE_FILE.exec(file)
  if (!match) return undefined
  const hash = match[1] as string
  const variant: ImageVariant = match[2] ? 'thumbnail' : 'full'
  const bytes = await imageBytes(ctx.db, recipeId, hash, variant)
  return bytes && { bytes, etag: `"${hash}${match[2] ?? ''}"` }
}
