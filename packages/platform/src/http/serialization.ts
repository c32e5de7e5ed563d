import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'

type SerializerFactory = ReturnType<typeof SerializerSelector>

const eager = SerializerSelector()

/**
 * Fastify's own response serializers (fast-json-stringify, with the same external schemas and options),
 * each compiled when a response first needs it rather than when the app gets ready, as validators are
 * (validation.ts). Compiling every route's response schemas was about a third of building the envelope
 * service's app (envelope-service BENCHMARKS.md, "Start-up"), paid by every start and every test's
 * service, while most routes of a start are never answered. A schema that cannot compile now fails its
 * first response (a 500) instead of the start, as a validator already did.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = eager(externalSchemas, options)
  return (route) => {
    let serialize: ((document: unknown) => string) | undefined
    return (document) => {
      serialize ??= compile(route)
      return serialize(document)
    }
  }
}
