/** The signing page's words in English and Spanish (the disclosure's text is the service's own, shared with its API). */

import { DISCLOSURE_TEXT } from '../../../src/signing/disclosure/text.js'

export type Language = 'en' | 'es'

/**
 * The form of a counted message for `count` in `language`, by the language's plural rules
 * (`Intl.PluralRules`): "Falta 1 campo", "Faltan 2 campos". Categories a language lacks fall back to `other`.
 */
function plural(
  language: Language,
  count: number,
  forms: { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>,
): string {
  return forms[new Intl.PluralRules(language).select(count)] ?? forms.other
}

const en = {
  loading: 'Loading your documents…',
  linkMissing: 'This signing link is incomplete. Open the link from your invitation again.',
  linkInvalid: 'This signing link is not valid any more. Ask the sender for a new invitation.',
  failed: 'Something went wrong. Try again in a moment.',
  /** The service's refusal: its own English sentence, written for the person at the screen. */
  refused: (serviceMessage: string | undefined): string =>
    serviceMessage || 'This was not accepted. Check what you entered and try again.',
  from: (sender: string) => `From ${sender}`,
  disclosure: {
    ...DISCLOSURE_TEXT.en,
    continue: 'Continue',
    agreeing: 'Saving…',
    changed: 'The sender changed this disclosure while you were reading it. Read it again before you agree.',
  },
  review: 'Review the documents below, fill in the highlighted fields and finish.',
  noteFrom: (sender: string) => `Note from ${sender}`,
  progress: (done: number, total: number) =>
    plural('en', total, {
      one: `${done} of ${total} required field done`,
      other: `${done} of ${total} required fields done`,
    }),
  signatureOf: (name: string) => `Signature of ${name}`,
  initialsOf: (name: string) => `Initials of ${name}`,
  filledBy: (label: string, name: string) => `${label} (${name})`,
  next: 'Next field',
  finish: 'Finish',
  finishing: 'Finishing…',
  decline: 'Decline to sign',
  declineTitle: 'Decline to sign',
  declineReason: 'Tell the sender why you decline',
  declineConfirm: 'Decline',
  reassign: 'Assign to someone else',
  reassignTitle: 'Assign to someone else',
  reassignIntro:
    'If someone else should sign, enter their name and email address. They will receive the documents to sign in your place, and you will no longer be able to sign.',
  reassignName: 'New signer’s full name',
  reassignEmail: 'New signer’s email address',
  reassignReason: 'Why you are assigning it to them',
  reassignConfirm: 'Assign',
  cancel: 'Cancel',
  signHere: 'Sign',
  initialHere: 'Initial',
  required: 'Required',
  adoptTitle: 'Adopt your signature',
  adoptTyped: 'Type',
  adoptDrawn: 'Draw',
  fullName: 'Full name',
  initials: 'Initials',
  drawSignature: 'Draw your signature',
  drawInitials: 'Draw your initials',
  clear: 'Clear',
  adopt: 'Adopt and sign',
  adoptLegal:
    'By adopting, I agree that this signature and these initials are the electronic representation of mine.',
  choose: 'Choose…',
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  documentLabel: (name: string) => `Document: ${name}`,
  state: {
    finished:
      'You have finished signing. Thank you! Others still have to sign; once everyone has, you will receive the signed document.',
    completed: 'Everyone has signed: the document is complete.',
    declined: 'This envelope was declined. Nothing more to do here.',
    voided: 'The sender voided this envelope. Nothing more to do here.',
    expired: 'This envelope has expired. Ask the sender for a new one.',
    waiting: 'It is not your turn to sign yet. You will receive a message when it is.',
    copy: 'You receive a copy of these documents; there is nothing for you to sign. You will receive the signed documents once everyone has signed.',
    reassigned:
      'You reassigned this envelope. The new signer has been sent the documents to sign; there is nothing more for you to do.',
  },
  missing: (n: number) =>
    plural('en', n, { one: `${n} required field still empty`, other: `${n} required fields still empty` }),
  /** Under a text field whose entry breaks its pattern, when the sender wrote no message of their own. */
  invalidEntry: 'This entry is not in the expected form.',
  tooLong: (n: number) =>
    plural('en', n, { one: `At most ${n} character`, other: `At most ${n} characters` }),
  toFix: (n: number) =>
    plural('en', n, {
      one: `${n} field needs a different entry`,
      other: `${n} fields need a different entry`,
    }),
  download: 'Download the signed document',
  notReady: 'The signed document is not ready yet. Try again in a moment.',
  gate: {
    title: 'Verify your identity',
    accessCodeIntro:
      'The sender protected these documents with an access code. Enter the code they gave you.',
    accessCode: 'Access code',
    smsIntro: 'To open these documents, confirm a code we text to your phone.',
    sendTo: (phone: string) => `Text a code to ${phone}`,
    sent: (phone: string, minutes: number) =>
      plural('en', minutes, {
        one: `We texted a six-digit code to ${phone}. It is valid for ${minutes} minute.`,
        other: `We texted a six-digit code to ${phone}. It is valid for ${minutes} minutes.`,
      }),
    smsCode: 'Six-digit code',
    resend: 'Send a new code',
    submit: 'Continue',
    checking: 'Checking…',
    wrong: (left: number) =>
      plural('en', left, {
        one: `That code is not correct. ${left} attempt left.`,
        other: `That code is not correct. ${left} attempts left.`,
      }),
    expired: 'That code has expired or was already used. Send a new code.',
    locked:
      'Too many wrong codes were entered, so these documents are locked. The sender has been told; contact them to continue.',
    tooMany: 'No more codes can be sent. Ask the sender to send the documents again.',
  },
}

const es: typeof en = {
  loading: 'Cargando sus documentos…',
  linkMissing: 'Este enlace de firma está incompleto. Abra de nuevo el enlace de su invitación.',
  linkInvalid: 'Este enlace de firma ya no es válido. Pida al remitente una nueva invitación.',
  failed: 'Algo salió mal. Inténtelo de nuevo en un momento.',
  // The service words its refusals in English only: a Spanish reader gets this sentence instead.
  refused: () => 'No se aceptó. Revise lo que escribió e inténtelo de nuevo.',
  from: (sender: string) => `De ${sender}`,
  disclosure: {
    ...DISCLOSURE_TEXT.es,
    continue: 'Continuar',
    agreeing: 'Guardando…',
    changed: 'El remitente cambió esta divulgación mientras la leía. Léala de nuevo antes de aceptarla.',
  },
  review: 'Revise los documentos, complete los campos resaltados y finalice.',
  noteFrom: (sender: string) => `Nota de ${sender}`,
  progress: (done: number, total: number) =>
    plural('es', total, {
      one: `${done} de ${total} campo obligatorio completado`,
      other: `${done} de ${total} campos obligatorios completados`,
    }),
  signatureOf: (name: string) => `Firma de ${name}`,
  initialsOf: (name: string) => `Iniciales de ${name}`,
  filledBy: (label: string, name: string) => `${label} (${name})`,
  next: 'Siguiente campo',
  finish: 'Finalizar',
  finishing: 'Finalizando…',
  decline: 'Rechazar firma',
  declineTitle: 'Rechazar firma',
  declineReason: 'Indique al remitente por qué rechaza',
  declineConfirm: 'Rechazar',
  reassign: 'Asignar a otra persona',
  reassignTitle: 'Asignar a otra persona',
  reassignIntro:
    'Si debe firmar otra persona, introduzca su nombre y su correo electrónico. Recibirá los documentos para firmar en su lugar, y usted ya no podrá firmar.',
  reassignName: 'Nombre completo del nuevo firmante',
  reassignEmail: 'Correo electrónico del nuevo firmante',
  reassignReason: 'Por qué se lo asigna',
  reassignConfirm: 'Asignar',
  cancel: 'Cancelar',
  signHere: 'Firmar',
  initialHere: 'Iniciales',
  required: 'Obligatorio',
  adoptTitle: 'Adopte su firma',
  adoptTyped: 'Escribir',
  adoptDrawn: 'Dibujar',
  fullName: 'Nombre completo',
  initials: 'Iniciales',
  drawSignature: 'Dibuje su firma',
  drawInitials: 'Dibuje sus iniciales',
  clear: 'Borrar',
  adopt: 'Adoptar y firmar',
  adoptLegal:
    'Al adoptarlas, acepto que esta firma y estas iniciales son la representación electrónica de las mías.',
  choose: 'Elija…',
  page: (n: number, of: number) => `Página ${n} de ${of}`,
  documentLabel: (name: string) => `Documento: ${name}`,
  state: {
    finished:
      'Ha terminado de firmar. ¡Gracias! Faltan otras firmas; cuando todos hayan firmado, recibirá el documento firmado.',
    completed: 'Todos han firmado: el documento está completo.',
    declined: 'Este sobre fue rechazado. No hay nada más que hacer aquí.',
    voided: 'El remitente anuló este sobre. No hay nada más que hacer aquí.',
    expired: 'Este sobre ha vencido. Pida al remitente uno nuevo.',
    waiting: 'Aún no es su turno para firmar. Recibirá un mensaje cuando lo sea.',
    copy: 'Usted recibe una copia de estos documentos; no tiene nada que firmar. Recibirá los documentos firmados cuando todos hayan firmado.',
    reassigned:
      'Ha reasignado este sobre. Se enviaron los documentos al nuevo firmante; usted no tiene nada más que hacer.',
  },
  missing: (n: number) =>
    plural('es', n, { one: `Falta ${n} campo obligatorio`, other: `Faltan ${n} campos obligatorios` }),
  invalidEntry: 'Este valor no tiene la forma esperada.',
  tooLong: (n: number) =>
    plural('es', n, { one: `Como máximo ${n} carácter`, other: `Como máximo ${n} caracteres` }),
  toFix: (n: number) =>
    plural('es', n, { one: `${n} campo necesita otro valor`, other: `${n} campos necesitan otro valor` }),
  download: 'Descargar el documento firmado',
  notReady: 'El documento firmado aún no está listo. Inténtelo de nuevo en un momento.',
  gate: {
    title: 'Verifique su identidad',
    accessCodeIntro:
      'El remitente protegió estos documentos con un código de acceso. Introduzca el código que le dio.',
    accessCode: 'Código de acceso',
    smsIntro: 'Para abrir estos documentos, confirme un código que le enviaremos por SMS.',
    sendTo: (phone: string) => `Enviar un código a ${phone}`,
    sent: (phone: string, minutes: number) =>
      plural('es', minutes, {
        one: `Enviamos un código de seis dígitos a ${phone}. Es válido durante ${minutes} minuto.`,
        other: `Enviamos un código de seis dígitos a ${phone}. Es válido durante ${minutes} minutos.`,
      }),
    smsCode: 'Código de seis dígitos',
    resend: 'Enviar un código nuevo',
    submit: 'Continuar',
    checking: 'Comprobando…',
    wrong: (left: number) =>
      plural('es', left, {
        one: `El código no es correcto. Le queda ${left} intento.`,
        other: `El código no es correcto. Le quedan ${left} intentos.`,
      }),
    expired: 'El código venció o ya se usó. Envíe un código nuevo.',
    locked:
      'Se introdujeron demasiados códigos incorrectos y estos documentos están bloqueados. Se avisó al remitente; contáctelo para continuar.',
    tooMany: 'No se pueden enviar más códigos. Pida al remitente que vuelva a enviar los documentos.',
  },
}

export type Words = typeof en

/** The envelope's language when it names one, else the browser's first Spanish or English preference. */
export function chooseLanguage(envelopeLanguage: Language | undefined, browser: readonly string[]): Language {
  if (envelopeLanguage) return envelopeLanguage
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0]
    if (primary === 'es' || primary === 'en') return primary
  }
  return 'en'
}

export function wordsFor(language: Language): Words {
  return language === 'es' ? es : en
}
