import type { FastifyRequest } from 'fastify'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import type { LockedResource } from './model.js'
import { findLock } from './repository.js'
import { checkWrite, parseEditHeader } from './rules.js'

/**
 * The lock check of every write to an envelope or a template, attached once to the routes that write
 * (not a call in each handler, and no cost to reads, such as the template get): a route writes to a
 * resource when it is not a read and names the resource in its path. The lock routes check the token
 * themselves, and creating a view changes nothing. Writes that name envelopes only in the body (moving
 * envelopes between folders) are not checked.
 */
export function attachEditLockCheck(app: App, ctx: Pick<ServiceContext, 'db' | 'now'>): void {
  const check = async (request: FastifyRequest) => {
    const params = (request.params ?? {}) as { envelopeId?: string; templateId?: string }
    const target: [LockedResource, string] | undefined = params.envelopeId
      ? ['envelope', params.envelopeId]
      : params.templateId
        ? ['template', params.templateId]
        : undefined
    if (!target) return
    const lock = await findLock(ctx.db, ...target)
    if (!lock || lock.accountId !== request.principal.accountId) return
    checkWrite(lock, ctx.now(), request.principal.userId, editHeaderOf(request))
  }
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return
    if (
      !/:(envelopeId|templateId)\b/.test(route.url) ||
      route.url.endsWith('/lock') ||
      route.url.includes('/views/')
    ) {
      return
    }
    route.preHandler = [...[route.preHandler ?? []].flat(), check]
  })
}

export function editHeaderOf(request: FastifyRequest) {
  const value = request.headers['x-docusign-edit']
  return parseEditHeader(Array.isArray(value) ? value[0] : value)
}
