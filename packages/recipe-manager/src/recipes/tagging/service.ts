import type { ServiceContext } from '../../context.js'
import { isForeignKeyViolation } from '../../database.js'
import { linkTags, tagExists, unlinkTag } from '../../tags/repository.js'
import { tagNotFound, writing } from '../../tags/service.js'
import { recipeExists } from '../repository.js'
import { recipeNotFound } from '../service.js'

/**
 * A recipe's tags, one at a time (`/tags/recipes/{id}/tags`): a recipe operation that reads both
 * recipes and tags, so it sits above both folders.
 */

async function assertLinkable(ctx: ServiceContext, recipeId: number, tagId: number): Promise<void> {
  if (!(await recipeExists(ctx.db, recipeId))) throw recipeNotFound(recipeId)
  if (!(await tagExists(ctx.db, tagId))) throw tagNotFound(tagId)
}

/** Assigning a tag the recipe already has succeeds and changes nothing. */
export async function assignTag(ctx: ServiceContext, recipeId: number, tagId: number): Promise<void> {
  await assertLinkable(ctx, recipeId, tagId)
  try {
    await writing(ctx, () => linkTags(ctx.db, recipeId, [tagId]))
  } catch (error) {
    // The recipe or tag was deleted by a concurrent request after the check: report which one.
    if (!isForeignKeyViolation(error)) throw error
    await assertLinkable(ctx, recipeId, tagId)
    throw error
  }
}

/** Removing a tag the recipe does not have succeeds and changes nothing. */
export async function unassignTag(ctx: ServiceContext, recipeId: number, tagId: number): Promise<void> {
  await assertLinkable(ctx, recipeId, tagId)
  await writing(ctx, () => unlinkTag(ctx.db, recipeId, tagId))
}
