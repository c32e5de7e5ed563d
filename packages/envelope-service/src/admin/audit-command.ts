import { AppError, NotFoundError } from 'platform'
import { describeVerification, verifyChain } from '../audit/chain.js'
import { listAuditEntries } from '../audit/repository.js'
import { loadLifecycle } from '../lifecycle/repository.js'
import { type Command, required } from './command.js'

/** A tampered trail is a refusal (exit status 1), with the first broken link as the message. */
class BrokenAuditTrailError extends AppError {
  constructor(message: string) {
    super('conflict', message, { errorCode: 'AUDIT_TRAIL_BROKEN' })
  }
}

export const auditCommands: Record<string, Command> = {
  'verify-audit': {
    usage: 'verify-audit --envelope <envelopeId>',
    summary: "Recompute an envelope's audit chain; exit 1 naming the first broken entry",
    options: { envelope: { type: 'string' } },
    async run(values, env) {
      const envelopeId = required(values, 'envelope', 'verify-audit')
      const db = await env.db()
      if (!(await loadLifecycle(db, envelopeId))) throw new NotFoundError(`Envelope ${envelopeId} not found`)
      const result = verifyChain(await listAuditEntries(db, envelopeId))
      if (!result.ok) throw new BrokenAuditTrailError(describeVerification(envelopeId, result))
      return { envelopeId, entries: result.entries, result: describeVerification(envelopeId, result) }
    },
  },
}
