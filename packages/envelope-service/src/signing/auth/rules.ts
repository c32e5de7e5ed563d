import { createHash, randomInt } from 'node:crypto'

/**
 * The pure rules of recipient authentication: which checks a recipient owes, how codes are made and
 * stored, what the page may be told about the phone a code goes to.
 */

export type AuthMethod = 'access_code' | 'sms'

/** Checks in the order the page asks for them: the access code first, as DocuSign does. */
export function methodsOf(recipient: { accessCode?: string; smsAuthPhones?: string[] }): AuthMethod[] {
  const methods: AuthMethod[] = []
  if (recipient.accessCode !== undefined && recipient.accessCode !== '') methods.push('access_code')
  if ((recipient.smsAuthPhones ?? []).length > 0) methods.push('sms')
  return methods
}

/** Methods owed and not yet passed, in order. */
export function pendingMethods(required: readonly AuthMethod[], passed: readonly AuthMethod[]): AuthMethod[] {
  return required.filter((method) => !passed.includes(method))
}

/** A uniformly random six-digit code, leading zeros kept. */
export function newSmsCode(random: (max: number) => number = (max) => randomInt(max)): string {
  return String(random(1_000_000)).padStart(6, '0')
}

/**
 * The stored form of an SMS code: SHA-256 over the envelope, recipient and code, so a hash is worth
 * nothing for another recipient. A million codes is a small space, so a stolen hash alone could be
 * brute-forced offline; that is acceptable because a code lives minutes and is spent once.
 */
export function smsCodeHash(envelopeId: string, recipientId: string, code: string): string {
  return createHash('sha256').update(`${envelopeId}\n${recipientId}\n${code}`).digest('hex')
}

/** A code as typed: spaces and dashes people add while copying are ignored. */
export function normalizedCode(typed: string): string {
  return typed.replace(/[\s-]/g, '')
}

/** What the page shows of a number: its last two digits only (`••• ••00`). */
export function phoneHint(e164: string): string {
  return `••• ••${e164.slice(-2)}`
}

export function attemptsLeft(maxAttempts: number, failedAttempts: number): number {
  return Math.max(0, maxAttempts - failedAttempts)
}
