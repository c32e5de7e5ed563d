/**
 * DocuSign's `messageLock` as a client sending from templates meets it. A template that locks its message
 * and has a subject fixes the envelope's subject and message: the service refuses any other text (and
 * never replaces it silently), so the client must send none of its own. A lock on a template without a
 * subject fixes nothing yet, and the client's own text applies. Pure, with no dependencies, and imported
 * on its own (`esign-contract/message-lock`) by the pages that show it: the CRM console's send panel and
 * the sender app's send page; the CRM's send action reads it too.
 */

/** The subject and message a template fixes for its envelopes. */
export interface LockedMessage {
  emailSubject: string
  emailBlurb: string
}

/** What a template (as `GET /templates` or a template's `GET` returns it) fixes, or null. */
export function lockedMessageOf(template: {
  messageLock?: string | undefined
  emailSubject?: string | undefined
  emailBlurb?: string | undefined
}): LockedMessage | null {
  const emailSubject = template.emailSubject ?? ''
  if (template.messageLock !== 'true' || emailSubject === '') return null
  return { emailSubject, emailBlurb: template.emailBlurb ?? '' }
}

/**
 * The message of an envelope made of the chosen templates:
 * - `composed`: no chosen template fixes it, so the client writes (or composes) subject and body;
 * - `locked`: one or more fix the same text, which the envelope carries (the first such template named);
 * - `conflict`: two fix different texts; the service would refuse the envelope, so it cannot be sent as one.
 */
export type ChosenMessage =
  | { kind: 'composed' }
  | { kind: 'locked'; templateName: string; message: LockedMessage }
  | { kind: 'conflict'; templateNames: [string, string] }

export function chosenMessage(
  templates: readonly { name: string; lockedMessage: LockedMessage | null }[],
): ChosenMessage {
  let first: { name: string; message: LockedMessage } | undefined
  for (const template of templates) {
    const message = template.lockedMessage
    if (message === null) continue
    if (first === undefined) first = { name: template.name, message }
    else if (
      message.emailSubject !== first.message.emailSubject ||
      message.emailBlurb !== first.message.emailBlurb
    ) {
      return { kind: 'conflict', templateNames: [first.name, template.name] }
    }
  }
  return first ? { kind: 'locked', templateName: first.name, message: first.message } : { kind: 'composed' }
}
