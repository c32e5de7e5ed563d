import type { Language } from '../i18n.js'

/** The embedded screens' words (sender, edit, correct and template edit views) in English and Spanish. */

const plural = (language: Language, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other

const en = {
  bar: 'Envelope actions',
  send: 'Send',
  sending: 'Sending…',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  done: 'Done',
  editDraft: (subject: string) => (subject ? `Edit draft: ${subject}` : 'Edit draft'),
  notDraft:
    'This envelope has been sent, so it can no longer be edited here. Corrections are made on its page.',
  recipients: 'Recipients',
  recipientName: 'Name',
  recipientEmail: 'Email',
  addRecipient: 'Add recipient',
  removeRecipient: (name: string) => `Remove ${name || 'this recipient'}`,
  placeFor: (name: string) => `Place fields for ${name}`,
  recipientsNeedNameAndEmail: 'Every recipient needs a name and an email address.',
  newRecipient: (index: number) => `Recipient ${index}`,
  correctTitle: (subject: string) => (subject ? `Correct: ${subject}` : 'Correct the envelope'),
  correctHint: 'Change a recipient’s name, email or phone, then choose Done.',
  corrections: (count: number, language: Language) =>
    `${count} ${plural(language, count, { one: 'correction', other: 'corrections' })} saved`,
  notInFlight: 'Only an envelope that is out for signature can be corrected.',
  editDraftLink: 'Edit draft',
  orderNotSaved:
    'The documents’ new order cannot be saved to a draft. Put them back in their order, or add them again in the order you want.',
  correctLink: 'Correct recipients',
}
export type EmbeddedWords = typeof en

const es: EmbeddedWords = {
  bar: 'Acciones del sobre',
  send: 'Enviar',
  sending: 'Enviando…',
  save: 'Guardar',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  done: 'Listo',
  editDraft: (subject: string) => (subject ? `Editar borrador: ${subject}` : 'Editar borrador'),
  notDraft:
    'Este sobre ya se envió, así que aquí no se puede editar. Las correcciones se hacen en su página.',
  recipients: 'Destinatarios',
  recipientName: 'Nombre',
  recipientEmail: 'Correo electrónico',
  addRecipient: 'Añadir destinatario',
  removeRecipient: (name: string) => `Quitar a ${name || 'este destinatario'}`,
  placeFor: (name: string) => `Colocar campos para ${name}`,
  recipientsNeedNameAndEmail: 'Cada destinatario necesita un nombre y una dirección de correo.',
  newRecipient: (index: number) => `Destinatario ${index}`,
  correctTitle: (subject: string) => (subject ? `Corregir: ${subject}` : 'Corregir el sobre'),
  correctHint: 'Cambie el nombre, el correo o el teléfono de un destinatario y elija Listo.',
  corrections: (count: number, language: Language) =>
    `${count} ${plural(language, count, { one: 'corrección guardada', other: 'correcciones guardadas' })}`,
  notInFlight: 'Solo se puede corregir un sobre que está pendiente de firma.',
  editDraftLink: 'Editar borrador',
  orderNotSaved:
    'El nuevo orden de los documentos no se puede guardar en un borrador. Vuelva a ponerlos en su orden o añádalos de nuevo en el orden que quiera.',
  correctLink: 'Corregir destinatarios',
}

export const EMBEDDED_WORDS: Record<Language, EmbeddedWords> = { en, es }
