import { AppError, NotFoundError } from 'platform'
import { describeVerification, verifyTrail } from '../audit/chain.js'
import { findAuditHead, listAuditEntries } from '../audit/repository.js'
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
    summary:
      "Recompute an envelope's audit chain and check it ends at the head the envelope recorded; exit 1 naming what is broken",
    options: { envelope: { type: 'string' } },
    async run(values, env) {
      const envelopeId = required(values, 'envelope', 'verify-audit')
      const db = await env.db()
      const lifecycle = await loadLifecycle(db, envelopeId)
      if (!lifecycle) throw new NotFoundError(`Envelope ${envelopeId} not found`)
      const result = verifyTrail(await listAuditEntries(db, envelopeId), {
        status: lifecycle.state.status,
        auditHead: await findAuditHead(db, envelopeId),
      })
      if (!result.ok) throw new BrokenAuditTrailError(describeVerification(envelopeId, result))
      return { envelopeId, entries: result.entries, result: describeVerification(envelopeId, result) }
    },
  },
}
