import { truncateText } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { BrandPresentation } from '../brands/model.js'
import { type DocuSignPhoneNumber, toE164 } from '../envelopes/phone.js'
import { sendsEmail, sendsSms } from '../lifecycle/channels.js'
import { type DeliveryChannel, type MessageKind, SENDER_KINDS } from '../lifecycle/model.js'
import { PRODUCT_NAME } from '../product.js'
import type { EmailMessage, OutboundMessage, SmsMessage } from './message.js'
import { type KindTexts, type MessageLanguage, TEXTS } from './texts.js'

/**
 * Composes the messages of one lifecycle message effect: an email (plain text and HTML, every value
 * HTML-escaped in the HTML part) and/or an SMS, by the recipient's channel, in English or Spanish.
 * Invitations, copies and reminders carry the envelope's `emailBlurb`; links must be http(s). A notice to
 * the sender comes from the product itself rather than "<sender> via <product>". An envelope's brand names
 * its organisation in a recipient's email: in the From name ("<sender> (<brand>) via <product>"), in a
 * header in the brand's header colours, and in a footer; its button colours colour the action button.
 * An SMS to a recipient names the brand where it names the product: "<brand> via <product>: …".
 */

/** SMS bodies quote at most this much of the subject, so a message stays within two segments. */
export const SMS_SUBJECT_LIMIT = 40
/** And at most this much of a brand's name, for the same reason. */
export const SMS_BRAND_LIMIT = 30

export interface CompositionInput {
  kind: MessageKind
  language: MessageLanguage
  channel: DeliveryChannel
  envelope: { emailSubject: string; emailBlurb?: string; senderName: string }
  /** Whom the message goes to: a recipient, or the sender for a notice to the sender. */
  recipient: { name?: string; email?: string; phone?: string | DocuSignPhoneNumber }
  /** The recipient a notice to the sender is about (name, else email). */
  about?: string
  /** The personal signing link, or the signed document's link for `completed`; none for notices. */
  link?: string
  /** The decline or void reason, or the message of the signer who reassigned. */
  reason?: string
  /** On the invitation of a signer who took over another's part: who handed it on (name, else email). */
  reassignedBy?: string
  /** On the sender's notice of a reassign: whom the part was handed to (name, else email). */
  replacement?: string
  /** When the envelope expires, for the expiry warning. */
  expiresAt?: Date
  /** The envelope's brand, on the messages to its recipients (never on notices to the sender). */
  brand?: BrandPresentation
}

export function composeMessages(input: CompositionInput): OutboundMessage[] {
  const link = input.link === undefined ? undefined : checkedLink(input.link)
  const messages: OutboundMessage[] = []
  if (sendsEmail(input.channel)) messages.push(composeEmail(input, link))
  if (sendsSms(input.channel)) messages.push(composeSms(input, link))
  return messages
}

function composeEmail(input: CompositionInput, link: string | undefined): EmailMessage {
  const { recipient, envelope } = input
  if (!recipient.email) throw new InvalidRequestError('An email message needs the recipient email')
  const language = TEXTS[input.language]
  const texts = language.kinds[input.kind]
  const fill = filler(input)
  // An invitation's subject is the sender's as written; a notice that adds its own word in front
  // ("Completed: …") quotes it without the product's prefix, which the sender line already names.
  const subject = fill(
    texts.subject,
    texts.subject === '{subject}' ? envelope.emailSubject : withoutProductPrefix(envelope.emailSubject),
  )
  const reassigned = input.kind === 'invitation' && input.reassignedBy !== undefined
  const lead = fill(reassigned ? language.reassigned.lead : texts.lead, envelope.emailSubject)
  const handedOnWith = reassigned && input.reason ? fill(language.reassigned.message, '') : undefined
  const blurb = carriesBlurb(input.kind) ? envelope.emailBlurb?.trim() : undefined
  const signingLink = link !== undefined && input.kind !== 'completed' && input.kind !== 'copy'
  // A sender's message that opens with its own greeting ("Hello," from the CRM) is not greeted twice.
  const greeting = blurb && opensWithGreeting(blurb) ? undefined : language.greeting(recipient.name)

  const body = [
    greeting,
    lead,
    handedOnWith,
    blurb,
    link && texts.action ? `${texts.action}: ${link}` : undefined,
    signingLink ? language.keepPrivate : undefined,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('\n\n')

  const brand = SENDER_KINDS.has(input.kind) ? undefined : input.brand
  const footer = brand ? language.brandFooter(brand.displayName, PRODUCT_NAME) : undefined
  const text = [brand?.displayName, body, footer].filter((part) => part !== undefined).join('\n\n')

  const paragraph = (value: string) => `<p>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>`
  const color = (name: string, fallback: string) => escapeHtml(brand?.colors[name] ?? fallback)
  const html = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
    brand
      ? `<header style="background:${color('headerBackground', '#1f2933')};color:${color('headerText', '#ffffff')};padding:12px 16px;font-weight:bold">${escapeHtml(brand.displayName)}</header>`
      : '',
    greeting ? paragraph(greeting) : '',
    paragraph(lead),
    handedOnWith ? paragraph(handedOnWith) : '',
    blurb ? paragraph(blurb) : '',
    link && texts.action
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:${color('buttonPrimaryBackground', '#1d4ed8')};color:${color('buttonPrimaryText', '#ffffff')};text-decoration:none;border-radius:4px">${escapeHtml(texts.action)}</a></p>`
      : '',
    signingLink ? `<p style="font-size:12px;color:#52606d">${escapeHtml(language.keepPrivate)}</p>` : '',
    footer ? `<footer style="font-size:12px;color:#52606d">${escapeHtml(footer)}</footer>` : '',
    '</body></html>',
  ].join('')

  return {
    channel: 'email',
    to: { ...(recipient.name ? { name: recipient.name } : {}), address: recipient.email },
    fromName: SENDER_KINDS.has(input.kind)
      ? PRODUCT_NAME
      : `${envelope.senderName}${brand ? ` (${brand.displayName})` : ''} ${language.via} ${PRODUCT_NAME}`,
    subject,
    text,
    html,
  }
}

function composeSms(input: CompositionInput, link: string | undefined): SmsMessage {
  if (!input.recipient.phone) throw new InvalidRequestError('An SMS message needs the recipient phone number')
  const texts: KindTexts = TEXTS[input.language].kinds[input.kind]
  // The SMS already starts with the product's name: a subject that starts with it too would repeat it.
  const subject = truncateText(withoutProductPrefix(input.envelope.emailSubject), SMS_SUBJECT_LIMIT, '…')
  const body = filler(input, link)(texts.sms, subject)
  const brand = SENDER_KINDS.has(input.kind) ? '' : (input.brand?.displayName.trim() ?? '')
  const from = brand
    ? `${truncateText(brand, SMS_BRAND_LIMIT, '…')} ${TEXTS[input.language].via} ${PRODUCT_NAME}`
    : PRODUCT_NAME
  return { channel: 'sms', to: toE164(input.recipient.phone), body: `${from}: ${body}`.trim() }
}

/** Fills a template in one pass, so a placeholder inside a value (a subject containing `{link}`) stays text. */
function filler(input: CompositionInput, link?: string) {
  return (template: string, subject: string) => {
    const values: Record<string, string> = {
      sender: input.envelope.senderName,
      reason: input.reason ?? '',
      subject,
      link: link ?? '',
      recipient: input.about ?? input.reassignedBy ?? '',
      replacement: input.replacement ?? '',
    }
    return template.replace(
      /\{(sender|reason|date|subject|link|recipient|replacement)\}/g,
      (_, name: string) =>
        // The date is written only where a template has one (the expiry warning), not for every message.
        name === 'date' ? expiryDate(input) : values[name]!,
    )
  }
}

function expiryDate(input: CompositionInput): string {
  return input.expiresAt ? `${TEXTS[input.language].date.format(input.expiresAt)} (UTC)` : ''
}

const PRODUCT_PREFIX = new RegExp(`^\\s*${PRODUCT_NAME}\\s*:\\s*`, 'i')
/** `Inkwell: Please sign` becomes `Please sign`; a subject that is only the prefix stays as it is. */
export function withoutProductPrefix(subject: string): string {
  const rest = subject.replace(PRODUCT_PREFIX, '')
  return rest.trim() === '' ? subject : rest
}

const GREETING =
  /^(hello|hi|dear|good (morning|afternoon|evening)|hola|estimad[oa]s?|buen[oa]s (días|tardes|noches))\b/iu
export const opensWithGreeting = (text: string) => GREETING.test(text.trim())

const carriesBlurb = (kind: MessageKind) => kind === 'invitation' || kind === 'copy' || kind === 'reminder'

function checkedLink(link: string): string {
  const url = URL.canParse(link) ? new URL(link) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InvalidRequestError('A message link must be an http(s) URL')
  }
  return url.href
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  )
}
