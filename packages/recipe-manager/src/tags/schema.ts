import { type Static, Type } from '@sinclair/typebox'
import { Id } from '../schemas.js'

export const TAG_NAME_MAX = 50

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() })
export type Tag = Static<typeof Tag>

export const TagBody = Type.Object({
  name: Type.String({
    description: `Trimmed; 1 to ${TAG_NAME_MAX} characters; unique ignoring case`,
    examples: ['Vegetariano'],
  }),
})
export type TagBody = Static<typeof TagBody>

export const TagLinkBody = Type.Object({ tagId: Id })
export type TagLinkBody = Static<typeof TagLinkBody>

export const TagResponse = Type.Object({ tag: Tag })
export const TagListResponse = Type.Object({ tags: Type.Array(Tag, { description: 'Ordered by name' }) })
