import { ConflictError, NotFoundError } from 'platform'
import { isoNow, type ServiceContext } from '../context.js'
import { isUniqueViolation } from '../database.js'
import { coded } from '../errors.js'
import { requiredText } from '../text.js'
import { deleteTag, insertTag, listTags, renameTag } from './repository.js'
import { TAG_NAME_MAX, type Tag } from './schema.js'

export const tagNotFound = (id: number) => new NotFoundError(`Tag ${id} not found`)

const duplicateName = (name: string) =>
  new ConflictError(`A tag named "${name}" already exists`, coded('tag_name_taken'))

export const tagName = (name: string) => requiredText('name', name, TAG_NAME_MAX)

export const allTags = (ctx: ServiceContext) => listTags(ctx.db)

/** Runs a write, then drops cached reads: recipe responses embed tag names and links. */
export async function writing<T>(ctx: ServiceContext, write: () => Promise<T>): Promise<T> {
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
