import type { Language } from '../i18n.js'

/** The send page's words in English and Spanish; the Spanish dictionary is checked against the English. */

const plural = (language: Language, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other

const en = {
  title: 'Send from templates',
  pickTemplates: 'Templates',
  pickHint: 'Pick one or more. Their documents follow the order you pick them in.',
  picked: (count: number) =>
    plural('en', count, { one: '1 template picked', other: `${count} templates picked` }),
  recipients: 'Recipients',
  recipientsHint: 'Roles with the same name and routing order in several templates are one recipient.',
  noRoles: 'Pick a template to see its roles.',
  roleHeading: (role: string, order: number) => `${role} (routing order ${order})`,
  fromTemplates: (names: string) => `In: ${names}`,
  name: 'Name',
  email: 'Email',
  delivery: 'Delivery',
  byEmail: 'Email',
  bySms: 'Text message (SMS)',
  countryCode: 'Country code',
  phone: 'Mobile number',
  host: 'Host (in-person signing)',
  message: 'Message',
  subject: 'Subject',
  body: 'Message',
  reminderDays: 'Send a reminder every so many days (blank: none)',
  expireDays: 'Expire after so many days (blank: account default)',
  send: 'Send',
  saveDraft: 'Save as draft',
  sending: 'Sending…',
  pickOne: 'Pick at least one template.',
  missing: (role: string) => `Enter a name and an email for ${role}.`,
  missingPhone: (role: string) => `Enter a mobile number for ${role}.`,
  subjectRequired: 'Enter a subject.',
  locked: (template: string) =>
    `The template “${template}” fixes this subject and message, so every envelope from it says the same.`,
  lockConflict: (first: string, second: string) =>
    `“${first}” and “${second}” each fix a different subject and message, so they cannot be sent in one envelope. Remove one of them.`,
}

export type SendWords = typeof en

const es: SendWords = {
  title: 'Enviar desde plantillas',
  pickTemplates: 'Plantillas',
  pickHint: 'Elige una o varias. Sus documentos siguen el orden en que las eliges.',
  picked: (count) =>
    plural('es', count, { one: '1 plantilla elegida', other: `${count} plantillas elegidas` }),
  recipients: 'Destinatarios',
  recipientsHint:
    'Los roles con el mismo nombre y orden de envío en varias plantillas son un solo destinatario.',
  noRoles: 'Elige una plantilla para ver sus roles.',
  roleHeading: (role, order) => `${role} (orden de envío ${order})`,
  fromTemplates: (names) => `En: ${names}`,
  name: 'Nombre',
  email: 'Correo electrónico',
  delivery: 'Entrega',
  byEmail: 'Correo electrónico',
  bySms: 'Mensaje de texto (SMS)',
  countryCode: 'Prefijo del país',
  phone: 'Número de móvil',
  host: 'Anfitrión (firma en persona)',
  message: 'Mensaje',
  subject: 'Asunto',
  body: 'Mensaje',
  reminderDays: 'Enviar un recordatorio cada tantos días (vacío: ninguno)',
  expireDays: 'Caduca a los tantos días (vacío: lo de la cuenta)',
  send: 'Enviar',
  saveDraft: 'Guardar como borrador',
  sending: 'Enviando…',
  pickOne: 'Elige al menos una plantilla.',
  missing: (role) => `Escribe un nombre y un correo para ${role}.`,
  missingPhone: (role) => `Escribe un número de móvil para ${role}.`,
  subjectRequired: 'Escribe un asunto.',
  locked: (template) =>
    `La plantilla «${template}» fija este asunto y este mensaje: todos los sobres que salen de ella dicen lo mismo.`,
  lockConflict: (first, second) =>
    `«${first}» y «${second}» fijan cada una un asunto y un mensaje distintos, así que no pueden ir en un mismo sobre. Quita una de ellas.`,
}

export const SEND_WORDS: Record<Language, SendWords> = { en, es }
