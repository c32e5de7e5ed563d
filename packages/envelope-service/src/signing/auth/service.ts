import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { AppError, InvalidRequestError, isUniqueViolation, RateLimitedError } from 'platform'
import { listAuditEntries } from '../../audit/repository.js'
import type { ServiceContext } from '../../context.js'
import type { DbOrTx } from '../../database.js'
import { findEnvelopeById, findRecipients, type StoredRecipient } from '../../envelopes/reads.js'
import type { Actor } from '../../lifecycle/outbox-rows.js'
import { recordAudit } from '../../lifecycle/service.js'
import { enqueue } from '../../outbox/repository.js'
import { type ComposedMessagePayload, OUTBOX_TOPICS } from '../../outbox/topics.js'
import { hashSigningToken } from '../records/links.js'
import { type Client, invalidLink, signerName } from '../records/model.js'
import { readRecipientLanguage } from '../records/recipient-language.js'
import { findSigningLink, type SigningLink } from '../records/repository.js'
import { lockedNoticeEmail, smsCodeMessage } from './messages.js'
import type { AuthenticationEvent } from './model.js'
import {
  type AuthKey,
  type AuthSession,
  consumeSmsCode,
  countFailedAttempt,
  findAuthSession,
  findAuthStates,
  insertAuthSession,
  isRecipientLocked,
  storeSmsCode,
  updateAuthSessionMethods,
} from './repository.js'
import {
  type AuthMethod,
  attemptsLeft,
  methodsOf,
  newSmsCode,
  normalizedCode,
  pendingMethods,
  phoneHint,
  smsCodeHash,
} from './rules.js'
import type { AuthOutcome, AuthStatus, SmsCodeSent } from './schema.js'

/**
 * Recipient authentication on the signing page: a recipient with an access code, SMS authentication or
 * both must pass each before the page shows anything of the envelope. Every attempt is written in one
 * transaction with its audit entry (and, when it locks the recipient, the sender's notice in the outbox):
 * the counters live in the database and move in single statements, so concurrent attempts from any
 * number of processes are all counted and exactly one of them locks. A browser that passed gets an
 * auth session token, sent with every later signing call.
 */

export type AuthDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox' | 'config'>

/** How long a browser that passed stays authenticated. */
export const AUTH_SESSION_MS = 60 * 60_000
/** SMS codes one recipient may ask for, in all: enough for typos and slow messages, not for SMS bombing. */
export const MAX_SMS_CODES = 5

const METHOD_LABEL: Record<AuthMethod, 'Access code' | 'SMS code'> = {
  access_code: 'Access code',
  sms: 'SMS code',
}

export const AUTH_ACTIONS = {
  passed: 'Authenticated',
  failed: 'Authentication Failed',
  locked: 'Recipient Locked',
  codeSent: 'Authentication Code Sent',
} as const

export const recipientLocked = () =>
  new AppError(
    'forbidden',
    'Too many wrong codes were entered for this recipient: signing is locked. The sender has been told.',
    { errorCode: 'RECIPIENT_LOCKED' },
  )

interface Subject {
  link: SigningLink
  recipient: StoredRecipient
  methods: AuthMethod[]
}

async function subjectOf(deps: Pick<AuthDeps, 'db' | 'now'>, token: string): Promise<Subject> {
  const link = await findSigningLink(deps.db, hashSigningToken(token))
  if (!link || link.expiresAt <= deps.now()) throw invalidLink()
  const recipient = (await findRecipients(deps.db, [link.envelopeId]))
    .get(link.envelopeId)
    ?.find((candidate) => candidate.recipientId === link.recipientId)
  if (!recipient) throw invalidLink()
  return { link, recipient, methods: methodsOf(recipient) }
}

/** The auth session a token names, when it is this recipient's and still valid. */
async function authSessionOf(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  link: SigningLink,
  authToken: string | undefined,
): Promise<AuthSession | undefined> {
  if (!authToken) return undefined
  const session = await findAuthSession(deps.db, hashSigningToken(authToken))
  const valid =
    session &&
    session.envelopeId === link.envelopeId &&
    session.recipientId === link.recipientId &&
    session.expiresAt > deps.now()
  return valid ? session : undefined
}

/**
 * Refuses a signing call (session, documents, finish, decline) unless the recipient owes no check or the
 * auth session passed them all; a locked recipient is refused whatever it presents.
 */
export async function requireAuthenticated(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  link: SigningLink,
  recipient: { accessCode?: string; smsAuthPhones?: string[] },
  authToken: string | undefined,
): Promise<void> {
  const methods = methodsOf(recipient)
  if (methods.length === 0) return
  if (await isRecipientLocked(deps.db, link.envelopeId, link.recipientId)) throw recipientLocked()
  const session = await authSessionOf(deps, link, authToken)
  if (pendingMethods(methods, session?.methods ?? []).length > 0) {
    throw new AppError('forbidden', 'Enter the code the sender gave you (or the one texted to you) first', {
      errorCode: 'RECIPIENT_AUTHENTICATION_REQUIRED',
    })
  }
}

/** What the page must ask for before anything else; says nothing about the envelope but its language. */
export async function authStatus(
  deps: AuthDeps,
  token: string,
  authToken: string | undefined,
): Promise<AuthStatus> {
  const { link, recipient, methods } = await subjectOf(deps, token)
  const states = methods.length === 0 ? [] : await findAuthStates(deps.db, link.envelopeId, link.recipientId)
  const session = await authSessionOf(deps, link, authToken)
  const max = deps.config.RECIPIENT_AUTH_MAX_ATTEMPTS
  const language = await readRecipientLanguage(deps.db, link.envelopeId, recipient)
  return {
    required: methods,
    pending: pendingMethods(methods, session?.methods ?? []),
    locked: states.some((state) => state.lockedAt !== undefined),
    attemptsLeft: Object.fromEntries(
      methods.map((method) => [
        method,
        attemptsLeft(max, states.find((state) => state.method === method)?.failedAttempts ?? 0),
      ]),
    ),
    ...(methods.includes('sms') ? { phones: (recipient.smsAuthPhones ?? []).map(phoneHint) } : {}),
    ...(language ? { language } : {}),
  }
}

export async function verifyAccessCode(
  deps: AuthDeps,
  token: string,
  typed: string,
  authToken: string | undefined,
  client: Client,
): Promise<AuthOutcome> {
  const subject = await subjectOf(deps, token)
  requireMethod(subject, 'access_code')
  const matches = sameSecret(typed.trim(), subject.recipient.accessCode ?? '')
  return matches
    ? pass(deps, subject, 'access_code', authToken, client)
    : fail(deps, subject, 'access_code', authToken, client)
}

/** Texts a new six-digit code to the recipient's `phoneIndex`-th number (replacing any earlier code). */
export async function sendSmsCode(
  deps: AuthDeps,
  token: string,
  phoneIndex: number,
  client: Client,
): Promise<SmsCodeSent> {
  const subject = await subjectOf(deps, token)
  requireMethod(subject, 'sms')
  const { link, recipient } = subject
  const phone = recipient.smsAuthPhones?.[phoneIndex]
  if (!phone) throw new InvalidRequestError(`phoneIndex ${phoneIndex} names no number of this recipient`)
  const envelope = await envelopeOf(deps.db, link.envelopeId)
  const language = (await readRecipientLanguage(deps.db, link.envelopeId, recipient)) ?? 'en'
  const code = newSmsCode()
  const now = deps.now()
  const ttlMinutes = deps.config.SMS_CODE_TTL_MINUTES
  const expiresAt = now + Math.round(ttlMinutes * 60_000)
  const key = keyOf(link, 'sms')
  const payload: ComposedMessagePayload = {
    envelopeId: link.envelopeId,
    recipientId: link.recipientId,
    purpose: 'authentication code',
    message: smsCodeMessage({
      to: phone,
      code,
      subject: envelope.emailSubject,
      senderName: envelope.sender.userName,
      ttlMinutes,
      language,
    }),
  }
  const stored = await audited(deps, async (tx) => {
    if (await isRecipientLocked(tx, link.envelopeId, link.recipientId)) return 'locked' as const
    const hash = smsCodeHash(link.envelopeId, link.recipientId, code)
    if (!(await storeSmsCode(tx, key, { hash, expiresAt }, MAX_SMS_CODES))) return 'spent' as const
    await enqueue(tx, [{ topic: OUTBOX_TOPICS.composedMessage, payload }], now)
    const note = auditNote(subject, envelope.status, AUTH_ACTIONS.codeSent, 'sms', {
      message: `A one-time code was texted to ${signerName(recipient)} at ${phoneHint(phone)}.`,
    })
    await recordAudit(tx, link.envelopeId, [note], actorOf(recipient, client), now)
    return 'sent' as const
  })
  if (stored === 'locked') throw recipientLocked()
  if (stored === 'spent') {
    throw new RateLimitedError(
      `${MAX_SMS_CODES} codes were sent already; ask the sender to send the envelope again`,
    )
  }
  deps.wakeOutbox([OUTBOX_TOPICS.composedMessage])
  return { sentTo: phoneHint(phone), expiresInSeconds: Math.round(ttlMinutes * 60) }
}

export async function verifySmsCode(
  deps: AuthDeps,
  token: string,
  typed: string,
  authToken: string | undefined,
  client: Client,
): Promise<AuthOutcome> {
  const subject = await subjectOf(deps, token)
  requireMethod(subject, 'sms')
  const { link } = subject
  const key = keyOf(link, 'sms')
  const hash = smsCodeHash(link.envelopeId, link.recipientId, normalizedCode(typed))
  const state = (await findAuthStates(deps.db, link.envelopeId, link.recipientId)).find(
    (candidate) => candidate.method === 'sms',
  )
  if (state?.lockedAt !== undefined) throw recipientLocked()
  // The right code too late is not a guess: the recipient is asked to get a new one, nothing is counted.
  if (state?.codeHash === hash && (state.codeExpiresAt ?? 0) <= deps.now()) {
    return { outcome: 'expired', pending: subject.methods }
  }
  if (!state?.codeHash) return { outcome: 'expired', pending: subject.methods }
  // Spent inside the pass's transaction, so two browsers sending the same code cannot both pass.
  const passed = await pass(deps, subject, 'sms', authToken, client, (tx) =>
    consumeSmsCode(tx, key, hash, deps.now()),
  )
  return passed ?? fail(deps, subject, 'sms', authToken, client)
}

function requireMethod(subject: Subject, method: AuthMethod) {
  if (!subject.methods.includes(method)) {
    throw new InvalidRequestError(
      method === 'sms'
        ? 'This recipient has no SMS authentication'
        : 'This recipient has no access code to enter',
    )
  }
}

/** Compared in constant time over hashes, so neither the code nor its length leaks through timing. */
function sameSecret(typed: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(typed), digest(expected)) && expected !== ''
}

function pass(
  deps: AuthDeps,
  subject: Subject,
  method: AuthMethod,
  authToken: string | undefined,
  client: Client,
): Promise<AuthOutcome>
function pass(
  deps: AuthDeps,
  subject: Subject,
  method: AuthMethod,
  authToken: string | undefined,
  client: Client,
  accept: (tx: DbOrTx) => Promise<boolean>,
): Promise<AuthOutcome | undefined>
/**
 * Records a passed check and adds it to the browser's auth session (a new one when it has none). With
 * `accept`, the check is decided inside the transaction (an SMS code is spent there); undefined when
 * it refuses.
 */
async function pass(
  deps: AuthDeps,
  subject: Subject,
  method: AuthMethod,
  authToken: string | undefined,
  client: Client,
  accept?: (tx: DbOrTx) => Promise<boolean>,
): Promise<AuthOutcome | undefined> {
  const { link, recipient } = subject
  const existing = await authSessionOf(deps, link, authToken)
  const envelope = await envelopeOf(deps.db, link.envelopeId)
  const now = deps.now()
  const fresh = randomBytes(32).toString('base64url')
  const methods = [...new Set([...(existing?.methods ?? []), method])]
  const result = await audited(deps, async (tx) => {
    if (await isRecipientLocked(tx, link.envelopeId, link.recipientId)) return 'locked' as const
    if (accept && !(await accept(tx))) return 'refused' as const
    if (existing) await updateAuthSessionMethods(tx, existing.tokenHash, methods)
    else {
      await insertAuthSession(
        tx,
        {
          tokenHash: hashSigningToken(fresh),
          envelopeId: link.envelopeId,
          recipientId: link.recipientId,
          methods,
          expiresAt: now + AUTH_SESSION_MS,
        },
        now,
      )
    }
    const note = auditNote(subject, envelope.status, AUTH_ACTIONS.passed, method, {
      message: `${signerName(recipient)} entered the right ${METHOD_LABEL[method].toLowerCase()}.`,
    })
    await recordAudit(tx, link.envelopeId, [note], actorOf(recipient, client), now)
    return 'passed' as const
  })
  if (result === 'locked') throw recipientLocked()
  if (result === 'refused') return undefined
  return {
    outcome: 'passed',
    authToken: existing && authToken ? authToken : fresh,
    pending: pendingMethods(subject.methods, methods),
  }
}

/** Counts a wrong code; the attempt that uses up the last one locks the recipient and tells the sender. */
async function fail(
  deps: AuthDeps,
  subject: Subject,
  method: AuthMethod,
  authToken: string | undefined,
  client: Client,
): Promise<AuthOutcome> {
  const { link, recipient } = subject
  const envelope = await envelopeOf(deps.db, link.envelopeId)
  const max = deps.config.RECIPIENT_AUTH_MAX_ATTEMPTS
  const now = deps.now()
  const counted = await audited(deps, async (tx) => {
    if (await isRecipientLocked(tx, link.envelopeId, link.recipientId)) return undefined
    const result = await countFailedAttempt(tx, keyOf(link, method), max, now)
    if (!result) return undefined
    const name = signerName(recipient)
    const label = METHOD_LABEL[method].toLowerCase()
    const notes = [
      auditNote(subject, envelope.status, AUTH_ACTIONS.failed, method, {
        message: `${name} entered a wrong ${label} (attempt ${result.failedAttempts} of ${max}).`,
      }),
    ]
    if (result.locked) {
      notes.push(
        auditNote(subject, envelope.status, AUTH_ACTIONS.locked, method, {
          message: `${name} is locked out after ${max} wrong ${label}s; the sender was notified.`,
        }),
      )
      const payload: ComposedMessagePayload = {
        envelopeId: link.envelopeId,
        recipientId: link.recipientId,
        purpose: 'recipient locked notice',
        message: lockedNoticeEmail({
          sender: { name: envelope.sender.userName, email: envelope.sender.email },
          subject: envelope.emailSubject,
          envelopeId: link.envelopeId,
          recipientName: name,
          method: method === 'sms' ? 'SMS code' : 'access code',
          attempts: max,
        }),
      }
      await enqueue(tx, [{ topic: OUTBOX_TOPICS.composedMessage, payload }], now)
    }
    await recordAudit(tx, link.envelopeId, notes, actorOf(recipient, client), now)
    return result
  })
  if (!counted) throw recipientLocked()
  if (counted.locked) {
    deps.wakeOutbox([OUTBOX_TOPICS.composedMessage])
    return { outcome: 'locked', attemptsLeft: 0, pending: subject.methods }
  }
  const session = await authSessionOf(deps, link, authToken)
  return {
    outcome: 'failed',
    attemptsLeft: attemptsLeft(max, counted.failedAttempts),
    pending: pendingMethods(subject.methods, session?.methods ?? []),
  }
}

/**
 * Runs `write` in a transaction, again when a concurrent audit append took the same sequence number
 * (everything it wrote, the counter too, was rolled back with it).
 */
async function audited<T>(deps: Pick<AuthDeps, 'db'>, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(write)
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 10) throw error
    }
  }
}

async function envelopeOf(db: DbOrTx, envelopeId: string) {
  const envelope = await findEnvelopeById(db, envelopeId)
  if (!envelope) throw invalidLink()
  return envelope
}

const keyOf = (link: SigningLink, method: AuthMethod): AuthKey => ({
  envelopeId: link.envelopeId,
  recipientId: link.recipientId,
  method,
})

function auditNote(
  subject: Subject,
  envelopeStatus: string,
  action: string,
  method: AuthMethod,
  text: { message: string },
) {
  return {
    action,
    recipientId: subject.link.recipientId,
    envelopeStatus,
    message: text.message,
    information: METHOD_LABEL[method],
  }
}

function actorOf(recipient: StoredRecipient, client: Client): Actor {
  return {
    source: 'Web',
    userName: signerName(recipient),
    clientIpAddress: client.ipAddress,
    userAgent: client.userAgent,
  }
}

/** Each recipient's checks as the certificate of completion lists them, from the audit trail. */
export async function authenticationEventsOf(
  db: DbOrTx,
  envelopeId: string,
): Promise<Map<string, AuthenticationEvent[]>> {
  const results: Record<string, AuthenticationEvent['result']> = {
    [AUTH_ACTIONS.passed]: 'passed',
    [AUTH_ACTIONS.failed]: 'failed',
    [AUTH_ACTIONS.locked]: 'locked',
  }
  const events = new Map<string, AuthenticationEvent[]>()
  for (const entry of await listAuditEntries(db, envelopeId)) {
    const result = results[entry.action]
    if (!result || !entry.recipientId || !entry.information) continue
    const list = events.get(entry.recipientId) ?? []
    list.push({ method: entry.information, result, at: new Date(entry.loggedAt) })
    events.set(entry.recipientId, list)
  }
  return events
}
