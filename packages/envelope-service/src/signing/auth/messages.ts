import { truncateText } from 'esign-contract'
import { escapeHtml, SMS_SUBJECT_LIMIT } from '../../messages/compose.js'
import type { EmailMessage, SmsMessage } from '../../messages/message.js'
import { PRODUCT_NAME } from '../../product.js'

/** The two messages of recipient authentication, composed when they are owed. */

/** The one-time code, in the envelope's form language; the code leads, so phones can offer to copy it. */
export function smsCodeMessage(input: {
  to: string
  code: string
  subject: string
  senderName: string
  ttlMinutes: number
  language: 'en' | 'es'
}): SmsMessage {
  const subject = truncateText(input.subject, SMS_SUBJECT_LIMIT, '…')
  const minutes = Math.round(input.ttlMinutes)
  const body =
    input.language === 'es'
      ? `${input.code} es su código para abrir "${subject}" de ${input.senderName}. Vence en ${minutes} min. No lo comparta.`
      : `${input.code} is your code to open "${subject}" from ${input.senderName}. It expires in ${minutes} min. Do not share it.`
  return { channel: 'sms', to: input.to, body: `${PRODUCT_NAME}: ${body}` }
}

/** Tells the sender a recipient ran out of attempts (in English: the sender's language is not known). */
export function lockedNoticeEmail(input: {
  sender: { name: string; email: string }
  subject: string
  envelopeId: string
  recipientName: string
  method: 'access code' | 'SMS code'
  attempts: number
}): EmailMessage {
  const lead =
    `${input.recipientName} entered a wrong ${input.method} ${input.attempts} times and can no longer open ` +
    `"${input.subject}" (envelope ${input.envelopeId}).`
  const advice =
    'If this was your recipient, give them the right code and correct the envelope, or send it again; ' +
    'if not, someone else may have their signing link.'
  const greeting = `Hello ${input.sender.name},`
  return {
    channel: 'email',
    to: { name: input.sender.name, address: input.sender.email },
    fromName: PRODUCT_NAME,
    subject: `Recipient locked out: ${input.subject}`,
    text: [greeting, lead, advice].join('\n\n'),
    html: [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"></head>',
      '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
      ...[greeting, lead, advice].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      '</body></html>',
    ].join(''),
  }
}
