/**
 * The words of the Electronic Record and Signature Disclosure, in English and Spanish: what the signing
 * page shows a signer before they agree, and what `GET .../consumer_disclosure` answers, so an
 * integration can show or archive the very text its signers agreed to. `sender` is the name the
 * disclosure speaks for (the envelope's sender on the page, the account for the account's disclosure).
 * No imports: the signing page's bundle reads it as it is.
 */

export interface DisclosureSection {
  heading: string
  text: string
}

export interface DisclosureText {
  title: string
  intro: (sender: string) => string
  sections: (sender: string) => DisclosureSection[]
  /** The sentence the signer ticks. */
  agree: string
}

const en: DisclosureText = {
  title: 'Agree to use electronic records and signatures',
  intro: (sender) =>
    `${sender} asks you to read this disclosure and agree to it before you review and sign the documents.`,
  sections: (sender) => [
    {
      heading: 'Electronic documents and signatures',
      text: `${sender} gives you the documents of this envelope electronically, and you sign them on this page. Your electronic signature binds you as your handwritten signature would.`,
    },
    {
      heading: 'Paper copies',
      text: `You may ask ${sender} for a paper copy of any document. When signing is complete you can download the signed documents here, to keep or print them.`,
    },
    {
      heading: 'Withdrawing your consent',
      text: `Until you sign, you may withdraw your consent with Decline to sign. ${sender} is told, and this envelope cannot then be signed electronically. Withdrawing does not undo what you signed before.`,
    },
    {
      heading: 'What you need',
      text: 'A device with a current web browser, the email address or mobile number the invitation reached, and a way to keep or print PDF documents.',
    },
  ],
  agree: 'I agree to use electronic records and signatures.',
}

const es: DisclosureText = {
  title: 'Acepte usar registros y firmas electrónicos',
  intro: (sender) =>
    `${sender} le pide que lea esta divulgación y la acepte antes de revisar y firmar los documentos.`,
  sections: (sender) => [
    {
      heading: 'Documentos y firmas electrónicos',
      text: `${sender} le entrega los documentos de este sobre en formato electrónico, y usted los firma en esta página. Su firma electrónica le obliga igual que su firma manuscrita.`,
    },
    {
      heading: 'Copias en papel',
      text: `Puede pedir a ${sender} una copia en papel de cualquier documento. Cuando la firma termine, podrá descargar aquí los documentos firmados para guardarlos o imprimirlos.`,
    },
    {
      heading: 'Retirar su consentimiento',
      text: `Hasta que firme, puede retirar su consentimiento con Rechazar firma. Se avisa a ${sender}, y este sobre ya no se podrá firmar electrónicamente. Retirarlo no deshace lo que firmó antes.`,
    },
    {
      heading: 'Qué necesita',
      text: 'Un dispositivo con un navegador actual, el correo electrónico o el móvil al que llegó la invitación, y una forma de guardar o imprimir documentos PDF.',
    },
  ],
  agree: 'Acepto usar registros y firmas electrónicos.',
}

export const DISCLOSURE_TEXT: Record<'en' | 'es', DisclosureText> = { en, es }
