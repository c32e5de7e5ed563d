import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/**
 * Every service's `/favicon.ico`: a white ink drop on blue, 16 and 32 pixels (PNG images in an ICO
 * container, 613 bytes). Kept inline so a bundled service needs no file beside it. Browsers ask for it
 * on every page that names no icon; without it each page load logged a 404.
 */
const FAVICON = Buffer.from(
  'AAABAAIAEBAAAAEAIADIAAAAJgAAACAgAAABACAAdwEAAO4AAACJUE5HDQoaCgAAAA1JSERSAAAAEAAAABAIBgAAAB/z/2EAAACPSURBVHjaY2AAAlmrrgAgvg/E/4nEILUBDEia/5OJAxhItBnDJQz4FBS1bANjfGrwGvD42QcwJssAkM0wgM8VOA24eusl3AAQmyQDkG0n5AoMA7TdJv7/+PkHhgEgMZAcQQPCspf/xwVAcrQ3gGIvgLB7/AJw/MMAiA0SwxWIOJMyyMnYnI2elCnLTJRmZwDRQy1jYGodCwAAAABJRU5ErkJggolQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAT5JREFUeNpjYEACslZdAkDcAMTngfg/lfF5qNkCDNgAUCIBiN/TwGJ0DLIjAZvl/+mME5CD/f0AOOA9ODqg8fJ/gHADAyUJTtttIhhTkjAZKPHBqq2XwZgSM8h2gGXwzP8wAGLT3QF9c47AHQBi09UBoHj/+PkH3AEgNrlpgYFS31MaCmQ54PGzDxgOAInRxQFFLdv+4wIgOZo7AJvvKQkFkhwQlr38PyEAUkMTB7jHL0BJ+bgASA1ILdUdcPXWy//EApBaqjogpWL9f1IBSA/VHDBn5RmSHQDSQzUHHDv3iGQHgPQMHwdgK3oJAWKLZgZSq15iAbFVNNHZkJSESGwCJMkBoOqWmLIApIaUqpmB1HYAvpAAyZHaLiCrUQqKX1DNB0poIAxik9ksOz8omuUD2zEZ8K7ZoOicDmT3HAD4bbDfKeFZjQAAAABJRU5ErkJggg==',
  'base64',
)
const FAVICON_ETAG = `"${createHash('sha256').update(FAVICON).digest('base64url').slice(0, 22)}"`

export function installFavicon(app: FastifyInstance): void {
  app.get('/favicon.ico', { schema: { hide: true } }, (request, reply) => {
    reply.header('etag', FAVICON_ETAG).header('cache-control', 'public, max-age=86400')
    if (request.headers['if-none-match'] === FAVICON_ETAG) return reply.code(304).send()
    return reply.type('image/x-icon').send(FAVICON)
  })
}
