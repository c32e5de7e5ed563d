import { ConflictError, NotFoundError } from 'platform'
import { isoNow, type ServiceContext } from '../context.js'
import { isForeignKeyViolation, isUniqueViolation } from '../database.js'
import { recipeExists } from '../recipes/repository.js'
import { recipeNotFound } from '../recipes/service.js'
import { requiredText } from '../text.js'
import { deleteTag, insertTag, linkTags, listTags, renameTag, tagExists, unlinkTag } from './repository.js'
import { TAG_NAME_MAX, type Tag } from './schema.js'

export const tagNotFound = (id: number) => new NotFoundError(`Tag ${id} not found`)

const duplicateName = (name: string) => new ConflictError(`A tag named "${name}" already exists`)

export const tagName = (name: string) => requiredText('name', name, TAG_NAME_MAX)

export const allTags = (ctx: ServiceContext) => listTags(ctx.db)

/** Runs a write, then drops cached reads: recipe responses embed tag names and links. */
async function writing<T>(ctx: ServiceContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } finally {
    ctx.reads.invalidate()
  }
}

export async function createTag(ctx: ServiceContext, name: string): Promise<Tag> {
  const trimmed = tagName(name)
  try {
    return await writing(ctx, () => insertTag(ctx.db, trimmed, isoNow(ctx)))
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(trimmed)
    throw error
  }
}

export async function renameTagById(ctx: ServiceContext, id: number, name: string): Promise<Tag> {
  const trimmed = tagName(name)
  let tag: Tag | undefined
  try {
    tag = await writing(ctx, () => renameTag(ctx.db, id, trimmed))
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(trimmed)
    throw error
  }
  if (!tag) throw tagNotFound(id)
  return tag
}

export async function deleteTagById(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await writing(ctx, () => deleteTag(ctx.db, id)))) throw tagNotFound(id)
}

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
