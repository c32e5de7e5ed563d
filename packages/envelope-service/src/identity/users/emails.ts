import type { Locale } from '../pages/messages.js'

/**
 * The account emails of sign-in: an invitation to set a first password, and a password reset link.
 * Composed here, sent as they are through the outbox (`message.composed`), in the shape of the service's
 * `EmailMessage` (messages/message.ts, a layer above identity, hence not imported).
 */
export interface AccountEmail {
  channel: 'email'
  to: { name?: string; address: string }
  fromName: string
  subject: string
  text: string
  html: string
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const TEXTS = {
  en: {
    invitationSubject: (account: string) => `You are invited to ${account} on Inkwell`,
    invitation: (inviter: string, account: string) =>
      `${inviter} invited you to send documents for signature in ${account}. Choose your password to start.`,
    invitationAction: 'Choose your password',
    resetSubject: 'Reset your Inkwell password',
    reset:
      'Someone asked to reset the password of this Inkwell account. If it was not you, ignore this email.',
    resetAction: 'Choose a new password',
    expires: (hours: number) =>
      `This link works once and expires in ${hours} ${new Intl.PluralRules('en').select(hours) === 'one' ? 'hour' : 'hours'}.`,
  },
  es: {
    invitationSubject: (account: string) => `Le invitan a ${account} en Inkwell`,
    invitation: (inviter: string, account: string) =>
      `${inviter} le invitó a enviar documentos para firmar en ${account}. Elija su contraseña para empezar.`,
    invitationAction: 'Elegir contraseña',
    resetSubject: 'Restablecer su contraseña de Inkwell',
    reset:
      'Alguien pidió restablecer la contraseña de esta cuenta de Inkwell. Si no fue usted, ignore este correo.',
    resetAction: 'Elegir una contraseña nueva',
    expires: (hours: number) =>
      `Este enlace funciona una vez y caduca en ${hours} ${new Intl.PluralRules('es').select(hours) === 'one' ? 'hora' : 'horas'}.`,
  },
}

function email(
  to: { name: string; address: string },
  fromName: string,
  subject: string,
  lines: { lead: string; action: string; link: string; footer: string },
): AccountEmail {
  return {
    channel: 'email',
    to,
    fromName,
    subject,
    text: `${lines.lead}\n\n${lines.action}: ${lines.link}\n\n${lines.footer}\n`,
    html: `<p>${escapeHtml(lines.lead)}</p><p><a href="${escapeHtml(lines.link)}">${escapeHtml(lines.action)}</a></p><p>${escapeHtml(lines.footer)}</p>`,
  }
}

export function invitationEmail(input: {
  locale: Locale
  to: { name: string; address: string }
  inviterName: string
  accountName: string
  link: string
  hours: number
}): AccountEmail {
  const t = TEXTS[input.locale]
  return email(input.to, input.inviterName, t.invitationSubject(input.accountName), {
    lead: t.invitation(input.inviterName, input.accountName),
    action: t.invitationAction,
    link: input.link,
    footer: t.expires(input.hours),
  })
}

export function passwordResetEmail(input: {
  locale: Locale
  to: { name: string; address: string }
  link: string
  hours: number
}): AccountEmail {
  const t = TEXTS[input.locale]
  return email(input.to, 'Inkwell', t.resetSubject, {
    lead: t.reset,
    action: t.resetAction,
    link: input.link,
    footer: t.expires(input.hours),
  })
}
