import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import formatsPlugin from 'ajv-formats'
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify'
import { InvalidRequestError } from '../errors.js'

// ajv-formats is CommonJS: under Node's ESM loader the default import is the plugin function itself.
const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default

const baseOptions = {
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  strict: false,
  // TypeBox's `Type.Unsafe` and OpenAPI keywords such as `example` are not Ajv keywords.
  strictSchema: false,
} as const

/**
 * Bodies are validated without type coercion: `"sequence": 1` must be rejected, not silently turned
 * into `"1"`. Query strings, path params and headers arrive as text, so there numbers are coerced.
 */
export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ ...baseOptions, coerceTypes: false }))
  const coercing = addFormats(new Ajv({ ...baseOptions, coerceTypes: 'array' }))
  app.setValidatorCompiler(({ schema, httpPart }) =>
    compileOnFirstUse(httpPart === 'body' ? strict : coercing, schema as object),
  )
  app.setSchemaErrorFormatter(
    (errors, dataVar) => new InvalidRequestError(describeValidationErrors(errors, dataVar)),
  )
}

/**
 * A validator compiled when a request first needs it, not when its route is registered: compiling every
 * route's schemas (the DocuSign shapes are large) took most of a service's start-up time, and most
 * routes of a development start are never called. Fastify reads a failed validation's `errors` from the
 * function it was given, so they are copied onto it.
 */
function compileOnFirstUse(ajv: Ajv, schema: object) {
  let compiled: ValidateFunction | undefined
  const validate = (data: unknown): boolean => {
    compiled ??= ajv.compile(schema)
    const valid = compiled(data) as boolean
    validate.errors = compiled.errors
    return valid
  }
  validate.errors = undefined as ValidateFunction['errors']
  return validate
}

/** `/compositeTemplates/1/sequence` becomes `compositeTemplates[1].sequence`. */
export function fieldPath(instancePath: string, part: string): string {
  const segments = instancePath.split('/').slice(1)
  if (segments.length === 0) return part === 'body' ? 'body' : part
  return segments
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, segment) =>
        /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
      '',
    )
}

function joinField(path: string, field: string): string {
  return path === 'body' || path === 'querystring' || path === 'params' || path === 'headers'
    ? field
    : `${path}.${field}`
}

const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a')

/** One readable sentence naming the offending field, from Ajv's first error. */
export function describeValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): string {
  const error = errors[0] as ErrorObject | undefined
  if (!error) return `Invalid ${dataVar}`
  const path = fieldPath(error.instancePath, dataVar)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `${joinField(path, String(params.missingProperty))} is required`
    case 'type': {
      const type = String(params.type).split(',')[0] ?? 'value'
      if (path === 'body' && type === 'object') return 'Request body must be a JSON object'
      return `${path} must be ${article(type)} ${type}`
    }
    case 'minLength':
      return params.limit === 1
        ? `${path} must not be empty`
        : `${path} must be at least ${params.limit} characters`
    case 'maxLength':
      return `${path} must be at most ${params.limit} characters`
    case 'minItems':
      return params.limit === 1
        ? `${path} must have at least one item`
        : `${path} must have at least ${params.limit} items`
    case 'maxItems':
      return `${path} must have at most ${params.limit} items`
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return `${path} must be ${params.comparison} ${params.limit}`
    case 'enum':
      return `${path} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
    case 'const':
      return `${path} must be ${JSON.stringify(params.allowedValue)}`
    case 'format':
      return `${path} must be a valid ${params.format}`
    case 'pattern':
      return `${path} has an invalid format`
    case 'additionalProperties':
      return `${joinField(path, String(params.additionalProperty))} is not allowed`
    default:
      return `${path} ${error.message ?? 'is invalid'}`
  }
}
