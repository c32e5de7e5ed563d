import type { MessageKind } from '../lifecycle/model.js'

export type MessageLanguage = 'en' | 'es'

/**
 * Placeholders `{sender}`, `{subject}`, `{reason}`, `{date}` and, in a notice to the sender, `{recipient}`
 * (whom it is about) and, in the notice of a reassign, `{replacement}` (whom the part went to) are filled
 * by the composer.
 */
export interface KindTexts {
  subject: string
  /** The sentence that says what happened; first line after the greeting. */
  lead: string
  /** The button or link label; absent when the message carries no link. */
  action?: string
  sms: string
}

interface LanguageTexts {
  greeting: (name: string | undefined) => string
  /** Under a personal signing link. */
  keepPrivate: string
  via: string
  /**
   * The invitation of a signer another signer handed their part to (signing/reassign/): `{recipient}` is
   * the signer who reassigned, `{reason}` their message.
   */
  reassigned: { lead: string; message: string }
  /** The footer of a branded email: whom the product sends it for. */
  brandFooter: (brand: string, product: string) => string
  /** How `{date}` is written (made once: building an Intl format took a tenth of a message's CPU). */
  date: Intl.DateTimeFormat
  kinds: Record<MessageKind, KindTexts>
}

export const TEXTS: Record<MessageLanguage, LanguageTexts> = {
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    keepPrivate: 'Do not share this link: it lets anyone who has it act on this document as you.',
    via: 'via',
    reassigned: {
      lead: '{recipient} asked you to review and sign this document from {sender} in their place.',
      message: 'Their message: {reason}',
    },
    brandFooter: (brand, product) => `Sent on behalf of ${brand} by ${product}.`,
    date: new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }),
    kinds: {
      invitation: {
        subject: '{subject}',
        lead: '{sender} sent you a document to review and sign.',
        action: 'Review and sign',
        sms: '{sender} sent you "{subject}" to sign: {link}',
      },
      copy: {
        subject: '{subject}',
        lead: '{sender} sent you a copy of a document.',
        action: 'View document',
        sms: '{sender} sent you a copy of "{subject}": {link}',
      },
      reminder: {
        subject: 'Reminder: {subject}',
        lead: '{sender} is still waiting for you to sign this document.',
        action: 'Review and sign',
        sms: 'Reminder: {sender} is waiting for you to sign "{subject}": {link}',
      },
      expiryWarning: {
        subject: 'Expiring soon: {subject}',
        lead: 'This document expires on {date}. Please sign it before then.',
        action: 'Review and sign',
        sms: '"{subject}" expires on {date}. Sign: {link}',
      },
      completed: {
        subject: 'Completed: {subject}',
        lead: 'Everyone has signed. Your copy of the signed document is ready.',
        action: 'Download the signed document',
        sms: '"{subject}" is complete. Signed document: {link}',
      },
      declined: {
        subject: 'Declined: {subject}',
        lead: 'A recipient declined to sign this document. Reason: {reason}',
        sms: '"{subject}" was declined. Reason: {reason}',
      },
      voided: {
        subject: 'Voided: {subject}',
        lead: '{sender} voided this document. Reason: {reason}',
        sms: '{sender} voided "{subject}". Reason: {reason}',
      },
      senderDeclined: {
        subject: 'Declined: {subject}',
        lead: '{recipient} declined to sign this document. Reason: {reason}',
        sms: '{recipient} declined "{subject}". Reason: {reason}',
      },
      senderReassigned: {
        subject: 'Reassigned: {subject}',
        lead: '{recipient} asked {replacement} to sign this document in their place. Their message: {reason}',
        sms: '{recipient} asked {replacement} to sign "{subject}" in their place.',
      },
    },
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    keepPrivate:
      'No comparta este enlace: permite a quien lo tenga actuar sobre este documento en su nombre.',
    via: 'a través de',
    reassigned: {
      lead: '{recipient} le pidió que revise y firme en su lugar este documento de {sender}.',
      message: 'Su mensaje: {reason}',
    },
    brandFooter: (brand, product) => `Enviado en nombre de ${brand} por ${product}.`,
    date: new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }),
    kinds: {
      invitation: {
        subject: '{subject}',
        lead: '{sender} le envió un documento para revisar y firmar.',
        action: 'Revisar y firmar',
        sms: '{sender} le envió "{subject}" para firmar: {link}',
      },
      copy: {
        subject: '{subject}',
        lead: '{sender} le envió una copia de un documento.',
        action: 'Ver documento',
        sms: '{sender} le envió una copia de "{subject}": {link}',
      },
      reminder: {
        subject: 'Recordatorio: {subject}',
        lead: '{sender} aún espera su firma en este documento.',
        action: 'Revisar y firmar',
        sms: 'Recordatorio: {sender} espera su firma en "{subject}": {link}',
      },
      expiryWarning: {
        subject: 'Vence pronto: {subject}',
        lead: 'Este documento vence el {date}. Fírmelo antes de esa fecha.',
        action: 'Revisar y firmar',
        sms: '"{subject}" vence el {date}. Firmar: {link}',
      },
      completed: {
        subject: 'Completado: {subject}',
        lead: 'Todos firmaron. Su copia del documento firmado está lista.',
        action: 'Descargar el documento firmado',
        sms: '"{subject}" está completo. Documento firmado: {link}',
      },
      declined: {
        subject: 'Rechazado: {subject}',
        lead: 'Un destinatario rechazó firmar este documento. Motivo: {reason}',
        sms: '"{subject}" fue rechazado. Motivo: {reason}',
      },
      voided: {
        subject: 'Anulado: {subject}',
        lead: '{sender} anuló este documento. Motivo: {reason}',
        sms: '{sender} anuló "{subject}". Motivo: {reason}',
      },
      senderDeclined: {
        subject: 'Rechazado: {subject}',
        lead: '{recipient} rechazó firmar este documento. Motivo: {reason}',
        sms: '{recipient} rechazó "{subject}". Motivo: {reason}',
      },
      senderReassigned: {
        subject: 'Reasignado: {subject}',
        lead: '{recipient} pidió a {replacement} que firme este documento en su lugar. Su mensaje: {reason}',
        sms: '{recipient} pidió a {replacement} que firme "{subject}" en su lugar.',
      },
    },
  },
}
