import { type Static, Type } from '@sinclair/typebox'

const literals = <T extends string>(...values: T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/**
 * One problem of a recipe body, as data (rules.ts finds them): the service writes them in English in a
 * 400's message, and reports them as they are where a person reads them in their own language (the web
 * app's form, and an import's skipped entries).
 */
export const ProblemSchema = Type.Union([
  Type.Object({
    field: Type.String({ description: 'The field, e.g. `title` or `ingredients[2]`' }),
    rule: literals('required', 'empty', 'control', 'url', 'body', 'noItems'),
  }),
  Type.Object({
    field: Type.String(),
    rule: Type.Literal('type'),
    expected: literals('string', 'array', 'integer'),
  }),
  Type.Object({
    field: Type.String(),
    rule: literals('tooLong', 'tooMany', 'min', 'max'),
    limit: Type.Integer(),
  }),
])

export type Problem = Static<typeof ProblemSchema>
