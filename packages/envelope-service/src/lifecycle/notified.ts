import type { LifecycleRecipient, MessageEffect, MessageKind } from './model.js'

/**
 * Who is sent which message (DocuSign's rules):
 * - A remote recipient gets every message the lifecycle owes them (invitation or copy, reminders, the
 *   expiry warning, the completed documents, decline and void notices) on their channel (channels.ts).
 * - An embedded recipient (`clientUserId`) is presented the envelope by the sender's application through
 *   `POST .../views/recipient`, so DocuSign sends them none of these: no invitation, reminder, void or
 *   decline notice, no completed-documents email. DocuSign's carbon copies cannot be embedded: a
 *   `clientUserId` on one changes nothing and the copy goes out.
 * - The sender is emailed when a recipient declines, with the reason, whoever declined.
 * Only messages follow this rule: routing, recipient states, Connect events (`recipient-sent` fires for
 * an embedded recipient too) and audit entries of state changes are the same for both kinds.
 */

export const isEmbedded = (recipient: Pick<LifecycleRecipient, 'type' | 'embedded'>) =>
  recipient.embedded === true && recipient.type !== 'carbonCopy'

/** The message of `kind` owed to `recipient`, or undefined when the rule sends them nothing. */
export function messageTo(
  recipient: Pick<LifecycleRecipient, 'recipientId' | 'type' | 'embedded' | 'channel'>,
  kind: MessageKind,
  reason?: string,
): MessageEffect | undefined {
  if (isEmbedded(recipient)) return undefined
  return {
    kind,
    recipientId: recipient.recipientId,
    channel: recipient.channel,
    ...(reason === undefined ? {} : { reason }),
  }
}

/** The sender's notice that `decliner` declined: always by email, to the sender's address. */
export function senderNoticeOfDecline(
  decliner: Pick<LifecycleRecipient, 'recipientId'>,
  reason: string,
): MessageEffect {
  return { kind: 'senderDeclined', recipientId: decliner.recipientId, channel: 'email', reason }
}

/**
 * The sender's notice that a signer handed their part to someone else (DocuSign's "changed signer"
 * notice): by email, about the signer who reassigned, quoting their message.
 */
export function senderNoticeOfReassign(
  signer: Pick<LifecycleRecipient, 'recipientId'>,
  reason: string,
): MessageEffect {
  return { kind: 'senderReassigned', recipientId: signer.recipientId, channel: 'email', reason }
}
