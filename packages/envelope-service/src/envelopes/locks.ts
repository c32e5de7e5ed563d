import { InvalidRequestError } from 'platform'

/**
 * DocuSign's `messageLock` and `brandLock`. A stored template that sets one fixes, for the envelopes made
 * from it, its subject and message, or its brand: they are what the envelope carries unless the request
 * gives them, and a request that gives others is refused (never silently replaced). As DocuSign documents,
 * a message lock on a template with no subject lets the sender write one (the envelope is still locked,
 * from then on). An envelope carries the locks of its request and its templates; a locked draft's subject and message
 * cannot be changed afterwards (`PUT .../envelopes/{envelopeId}`). The brand of a stored envelope is
 * never changed by this service, so its `brandLock` is kept and returned for what reads it. Pure.
 */

/**
 * What a stored template locks, as its envelope layer carries it: the flags, and the subject and message
 * or brand they fix (absent when the template has no subject, or no brand, to fix).
 */
export interface TemplateLock {
  templateName: string
  messageLock?: true
  message?: { emailSubject: string; emailBlurb: string }
  brandLock?: true
  brandId?: string
}

/** The subject and message, and brand, the envelope takes from its locking templates when the request gives none. */
export function lockedDefaults(locks: readonly TemplateLock[]): {
  message?: { emailSubject: string; emailBlurb: string }
  brandId?: string
} {
  const message = locks.find((lock) => lock.message)?.message
  const brandId = locks.find((lock) => lock.brandId)?.brandId
  return { ...(message ? { message } : {}), ...(brandId ? { brandId } : {}) }
}

/**
 * Refuses an envelope whose subject, message or brand differs from what a template locks, or whose
 * request asks for no lock (`"false"`) where a template sets one.
 */
export function checkTemplateLocks(
  envelope: { emailSubject: string; emailBlurb: string; brandId?: string | undefined },
  request: { messageLock?: string | undefined; brandLock?: string | undefined },
  locks: readonly TemplateLock[],
): void {
  for (const lock of locks) {
    const { message, brandId } = lock
    if (
      message &&
      (envelope.emailSubject !== message.emailSubject || envelope.emailBlurb !== message.emailBlurb)
    ) {
      throw new InvalidRequestError(
        `The template "${lock.templateName}" locks its subject and message (messageLock): leave emailSubject and emailBlurb out, or give the template's own`,
      )
    }
    if (brandId !== undefined && envelope.brandId !== brandId) {
      throw new InvalidRequestError(
        `The template "${lock.templateName}" locks its brand (brandLock): leave brandId out, or give the template's own`,
      )
    }
  }
  if (request.messageLock === 'false' && locks.some((lock) => lock.messageLock)) {
    throw new InvalidRequestError(
      'messageLock cannot be "false": a template of the envelope locks its message',
    )
  }
  if (request.brandLock === 'false' && locks.some((lock) => lock.brandLock)) {
    throw new InvalidRequestError('brandLock cannot be "false": a template of the envelope locks its brand')
  }
}

/** The envelope's own locks: the request's, or any of its templates'. */
export function envelopeLocks(
  request: { messageLock?: string | undefined; brandLock?: string | undefined },
  locks: readonly TemplateLock[],
): { messageLock?: true; brandLock?: true } {
  const message = request.messageLock === 'true' || locks.some((lock) => lock.messageLock)
  const brand = request.brandLock === 'true' || locks.some((lock) => lock.brandLock)
  return {
    ...(message ? { messageLock: true as const } : {}),
    ...(brand ? { brandLock: true as const } : {}),
  }
}

/** The lock a template's `messageLock` and `brandLock` put on its envelopes, or undefined when it sets neither. */
export function templateLockOf(template: {
  name: string
  emailSubject: string
  emailBlurb: string
  brandId?: string
  messageLock?: true
  brandLock?: true
}): TemplateLock | undefined {
  if (!template.messageLock && !template.brandLock) return undefined
  const message =
    template.messageLock && template.emailSubject !== ''
      ? { emailSubject: template.emailSubject, emailBlurb: template.emailBlurb }
      : undefined
  const brandId = template.brandLock ? template.brandId : undefined
  return {
    templateName: template.name,
    ...(template.messageLock ? { messageLock: true as const } : {}),
    ...(message ? { message } : {}),
    ...(template.brandLock ? { brandLock: true as const } : {}),
    ...(brandId !== undefined ? { brandId } : {}),
  }
}

/** Refuses a change of a locked draft's subject or message (a draft locked with no subject may get one). */
export function checkDraftMessageUnlocked(stored: { messageLock?: true; emailSubject: string }): void {
  if (stored.messageLock && stored.emailSubject !== '') {
    throw new InvalidRequestError(
      "This envelope's subject and message are locked (messageLock): they cannot be changed",
    )
  }
}
