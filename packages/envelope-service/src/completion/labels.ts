import type { CertificateLanguage } from './model.js'

/** The certificate of completion's wording, in each language the signing page offers. */
export interface CertificateLabels {
  title: string
  envelopeId: string
  subject: string
  status: string
  sender: string
  documents: string
  pages: (count: number) => string
  /** The audit chain's head at sealing: `verify-audit` must find this last entry and hash. */
  auditTrail: (sequence: number, hash: string) => string
  created: string
  sent: string
  completed: string
  auditTrailField: string
  recipients: string
  recipientType: Record<string, string>
  email: string
  phone: string
  deliveryMethod: string
  routingOrder: string
  ipAddress: string
  userAgent: string
  viewed: string
  /** A signer's agreement to the Electronic Record and Signature Disclosure, and when. */
  disclosure: string
  disclosureAccepted: (at: string) => string
  /** The section printing each disclosure agreed to, who agreed and the sentence they ticked. */
  disclosures: string
  agreedBy: string
  agreement: string
  signed: string
  declined: string
  declinedReason: string
  signature: string
  authentication: string
  authenticationResult: Record<'passed' | 'failed' | 'locked', string>
  statusName: Record<string, string>
  page: (number: number, count: number) => string
  notRecorded: string
}

const en: CertificateLabels = {
  title: 'Certificate of Completion',
  envelopeId: 'Envelope Id',
  subject: 'Subject',
  status: 'Status',
  sender: 'Sender',
  documents: 'Documents',
  pages: (count) => (count === 1 ? '1 page' : `${count} pages`),
  auditTrail: (sequence, hash) =>
    `${sequence === 1 ? '1 entry' : `${sequence} entries`}, last entry hash ${hash}`,
  created: 'Created',
  sent: 'Sent',
  completed: 'Completed',
  auditTrailField: 'Audit trail',
  recipients: 'Recipient Events',
  recipientType: {
    signer: 'Signer',
    inPersonSigner: 'In Person Signer',
    carbonCopy: 'Carbon Copy',
    certifiedDelivery: 'Certified Delivery',
  },
  email: 'Email',
  phone: 'Phone',
  deliveryMethod: 'Delivery method',
  routingOrder: 'Routing order',
  ipAddress: 'IP address',
  userAgent: 'User agent',
  viewed: 'Viewed',
  disclosure: 'E-record disclosure',
  disclosureAccepted: (at) => `Accepted ${at}`,
  disclosures: 'Electronic Record and Signature Disclosure',
  agreedBy: 'Agreed to by',
  agreement: 'Agreement',
  signed: 'Signed',
  declined: 'Declined',
  declinedReason: 'Reason for declining',
  signature: 'Signature',
  authentication: 'Authentication',
  authenticationResult: { passed: 'passed', failed: 'failed', locked: 'locked out' },
  statusName: {
    created: 'Created',
    sent: 'Sent',
    delivered: 'Delivered',
    completed: 'Completed',
    declined: 'Declined',
    voided: 'Voided',
    reassigned: 'Reassigned',
  },
  page: (number, count) => `Page ${number} of ${count}`,
  notRecorded: 'not recorded',
}

const es: CertificateLabels = {
  title: 'Certificado de finalización',
  envelopeId: 'Id. del sobre',
  subject: 'Asunto',
  status: 'Estado',
  sender: 'Remitente',
  documents: 'Documentos',
  pages: (count) => (count === 1 ? '1 página' : `${count} páginas`),
  auditTrail: (sequence, hash) =>
    `${sequence === 1 ? '1 entrada' : `${sequence} entradas`}, hash de la última entrada ${hash}`,
  created: 'Creado',
  sent: 'Enviado',
  completed: 'Completado',
  auditTrailField: 'Registro de auditoría',
  recipients: 'Eventos de los destinatarios',
  recipientType: {
    signer: 'Firmante',
    inPersonSigner: 'Firmante en persona',
    carbonCopy: 'Copia',
    certifiedDelivery: 'Entrega certificada',
  },
  email: 'Correo electrónico',
  phone: 'Teléfono',
  deliveryMethod: 'Método de entrega',
  routingOrder: 'Orden de firma',
  ipAddress: 'Dirección IP',
  userAgent: 'Agente de usuario',
  viewed: 'Visto',
  disclosure: 'Divulgación electrónica',
  disclosureAccepted: (at) => `Aceptada el ${at}`,
  disclosures: 'Divulgación de registros y firmas electrónicos',
  agreedBy: 'Aceptada por',
  agreement: 'Aceptación',
  signed: 'Firmado',
  declined: 'Rechazado',
  declinedReason: 'Motivo del rechazo',
  signature: 'Firma',
  authentication: 'Autenticación',
  authenticationResult: { passed: 'superada', failed: 'fallida', locked: 'bloqueado' },
  statusName: {
    created: 'Creado',
    sent: 'Enviado',
    delivered: 'Entregado',
    completed: 'Completado',
    declined: 'Rechazado',
    voided: 'Anulado',
    reassigned: 'Reasignado',
  },
  page: (number, count) => `Página ${number} de ${count}`,
  notRecorded: 'no registrado',
}

export const CERTIFICATE_LABELS: Record<CertificateLanguage, CertificateLabels> = { en, es }
