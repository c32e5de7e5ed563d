/** The app's words in English and Spanish: one typed dictionary per language, the Spanish one checked against the English. */

export type Language = 'en' | 'es'
export const LANGUAGES: readonly Language[] = ['en', 'es']

/** A count with the language's digit grouping (1,000 in English; Spanish groups from 10 000). */
const grouped = (language: string, n: number) => new Intl.NumberFormat(language).format(n)

/** The form of a counted phrase for `count`, by the language's plural rules; missing categories use `other`. */
function plural(
  language: Language,
  count: number,
  forms: { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>,
): string {
  return forms[new Intl.PluralRules(language).select(count)] ?? forms.other
}

export type FolderKey = 'action' | 'waiting' | 'completed' | 'sent' | 'drafts' | 'deleted'
export type StatusKey = 'created' | 'sent' | 'delivered' | 'completed' | 'declined' | 'voided' | 'expired'

const en = {
  languageName: 'English',
  appName: 'Inkwell',
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  dashboard: 'Envelopes',
  security: 'Security',
  signOut: 'Sign out',
  signedOut: 'You have signed out.',
  signInAgain: 'Sign in again',
  signingIn: 'Signing you in…',
  signInFailed: 'We could not sign you in. Try again.',
  loading: 'Loading…',
  failed: 'Something went wrong. Try again in a moment.',
  /**
   * A refusal of the service by its DocuSign `errorCode`, for readers of another language than the
   * service's English messages (refusal.ts); `other` for any code not worded here.
   */
  refused: {
    notFound: 'It no longer exists; it may have been deleted meanwhile.',
    ENVELOPE_CANNOT_VOID_INVALID_STATE: 'This envelope can no longer be voided.',
    ENVELOPE_INVALID_STATUS: 'The envelope’s status no longer allows this. Reload to see where it stands.',
    RECIPIENT_ALREADY_FINISHED: 'This recipient has already finished; it can no longer be changed.',
    RECIPIENT_NOT_IN_SEQUENCE: 'It is not this recipient’s turn yet.',
    RECIPIENT_LOCKED: 'This recipient is locked and cannot be changed now.',
    RECIPIENT_CANNOT_SIGN: 'This recipient cannot sign this envelope.',
    RECIPIENT_UPDATE_FAILED: 'The recipient could not be changed.',
    USER_ALREADY_EXISTS_IN_ACCOUNT: 'This person is already a user of the account.',
    LAST_ACCOUNT_ADMINISTRATOR: 'The account’s last administrator cannot be removed or lose that permission.',
    USER_LACKS_PERMISSIONS: 'Your permissions do not allow this.',
    PERMISSION_PROFILE_IN_USE: 'Users still have this permission profile.',
    EDIT_LOCK_ENVELOPE_LOCKED: 'Someone else is editing this envelope. Try again once they are done.',
    EDIT_LOCK_NOT_LOCK_OWNER: 'Someone else is editing this envelope. Try again once they are done.',
    DUPLICATE_RESOURCE: 'One with this name already exists.',
    ANCHOR_TAB_STRING_NOT_FOUND:
      'A field placed by anchor text has its text in none of the documents. Change the anchor text or the documents.',
    tooManyRequests: 'Too many requests for now. Try again in a minute.',
    other: 'The service did not accept this. Check what you entered and try again.',
  } as Record<string, string> & { notFound: string; tooManyRequests: string; other: string },
  retry: 'Try again',
  language: 'Language',
  folders: 'Folders',
  folder: {
    action: 'Action required',
    waiting: 'Waiting for others',
    completed: 'Completed',
    sent: 'All sent',
    drafts: 'Drafts',
    deleted: 'Deleted',
  } satisfies Record<FolderKey, string>,
  status: {
    created: 'Draft',
    sent: 'Sent',
    delivered: 'Delivered',
    completed: 'Completed',
    declined: 'Declined',
    voided: 'Voided',
    expired: 'Expired',
  } satisfies Record<StatusKey, string>,
  recipientNotYetSent: 'Waiting',
  filters: 'Filters',
  statusFilter: 'Status',
  anyStatus: 'Any status',
  search: 'Search subject or recipient',
  searchButton: 'Search',
  from: 'From',
  to: 'To',
  clearFilters: 'Clear',
  subject: 'Subject',
  statusColumn: 'Status',
  senderColumn: 'From',
  changedColumn: 'Last change',
  noSubject: '(no subject)',
  empty: 'No envelopes here.',
  sendEnvelope: 'Send an envelope',
  emptyHint: 'Start from one of your templates: the envelope goes out as soon as you send it.',
  envelopeCount: (n: number, more = false) =>
    more
      ? `more than ${grouped('en', n)} envelopes`
      : plural('en', n, { one: `${n} envelope`, other: `${n} envelopes` }),
  countBadge: (n: number, more = false) => (more ? `${grouped('en', n)}+` : String(n)),
  range: (first: number, last: number, total: number, more = false) =>
    `${first}–${last} of ${more ? `more than ${grouped('en', total)}` : total}`,
  previous: 'Previous page',
  next: 'Next page',
  updated: (time: string) => `Updated ${time}`,
  refresh: 'Refresh',
  back: 'Back to envelopes',
  notFound: 'This envelope was not found.',
  details: {
    documents: 'Documents',
    recipients: 'Recipients',
    customFields: 'Custom fields',
    sentOn: (date: string) => `Sent ${date}`,
    createdOn: (date: string) => `Created ${date}`,
    routingOrder: (n: number) => `Order ${n}`,
    delivery: { email: 'Email', SMS: 'Text message' } as Record<string, string>,
    noCustomFields: 'No custom fields.',
    view: (name: string) => `View ${name}`,
    download: (name: string) => `Download ${name}`,
    combined: 'All documents in one PDF',
    certificate: 'Certificate of completion',
    archive: 'Archive (zip)',
    closeViewer: 'Close the document',
    timeline: {
      sent: (date: string) => `Sent ${date}`,
      delivered: (date: string) => `Viewed ${date}`,
      agreed: (date: string) => `Agreed to use electronic records and signatures ${date}`,
      signed: (date: string) => `Signed ${date}`,
      declined: (date: string) => `Declined ${date}`,
      reason: (reason: string) => `Reason: ${reason}`,
    },
    auditTrail: 'Audit trail',
    auditTime: 'Time',
    auditAction: 'Action',
    auditBy: 'By',
    auditMessage: 'Details',
    chainIntact: 'Every entry links to the one before it.',
    chainBroken: 'The trail is broken: an entry does not link to the one before it.',
    actions: 'Actions',
    voidAction: 'Void',
    voidTitle: 'Void this envelope',
    voidReason: 'Why are you voiding it?',
    resend: 'Resend',
    resent: 'The current recipients were sent the invitation again.',
    deleteAction: 'Move to Deleted',
    deleted: 'Moved to Deleted.',
    restore: 'Restore',
    restored: 'Restored.',
    voided: 'Voided.',
    correct: 'Correct',
    correctTitle: (name: string) => `Correct ${name}`,
    name: 'Name',
    email: 'Email',
    phone: 'Mobile phone (country code and number)',
    corrected: 'The recipient was corrected.',
    unlockNote: 'Saving also unlocks a recipient locked out after wrong access codes.',
    save: 'Save',
    cancel: 'Cancel',
    voidedBecause: (reason: string) => `Voided: ${reason}`,
  },
}

export type Dictionary = typeof en

const es: Dictionary = {
  languageName: 'Español',
  appName: 'Inkwell',
  skipToContent: 'Ir al contenido',
  mainNavigation: 'Principal',
  dashboard: 'Sobres',
  security: 'Seguridad',
  signOut: 'Cerrar sesión',
  signedOut: 'Ha cerrado la sesión.',
  signInAgain: 'Volver a iniciar sesión',
  signingIn: 'Iniciando sesión…',
  signInFailed: 'No pudimos iniciar su sesión. Inténtelo de nuevo.',
  loading: 'Cargando…',
  failed: 'Algo salió mal. Inténtelo de nuevo en un momento.',
  refused: {
    notFound: 'Ya no existe; puede que se haya eliminado mientras tanto.',
    ENVELOPE_CANNOT_VOID_INVALID_STATE: 'Este sobre ya no se puede anular.',
    ENVELOPE_INVALID_STATUS: 'El estado del sobre ya no lo permite. Vuelva a cargar para ver cómo está.',
    RECIPIENT_ALREADY_FINISHED: 'Este destinatario ya terminó; ya no se puede cambiar.',
    RECIPIENT_NOT_IN_SEQUENCE: 'Todavía no es el turno de este destinatario.',
    RECIPIENT_LOCKED: 'Este destinatario está bloqueado y no se puede cambiar ahora.',
    RECIPIENT_CANNOT_SIGN: 'Este destinatario no puede firmar este sobre.',
    RECIPIENT_UPDATE_FAILED: 'No se pudo cambiar el destinatario.',
    USER_ALREADY_EXISTS_IN_ACCOUNT: 'Esta persona ya es usuaria de la cuenta.',
    LAST_ACCOUNT_ADMINISTRATOR:
      'No se puede quitar al último administrador de la cuenta ni retirarle ese permiso.',
    USER_LACKS_PERMISSIONS: 'Sus permisos no lo permiten.',
    PERMISSION_PROFILE_IN_USE: 'Hay usuarios que aún tienen este perfil de permisos.',
    EDIT_LOCK_ENVELOPE_LOCKED: 'Otra persona está editando este sobre. Inténtelo cuando termine.',
    EDIT_LOCK_NOT_LOCK_OWNER: 'Otra persona está editando este sobre. Inténtelo cuando termine.',
    DUPLICATE_RESOURCE: 'Ya existe uno con este nombre.',
    ANCHOR_TAB_STRING_NOT_FOUND:
      'Un campo colocado por texto de anclaje no encuentra su texto en ningún documento. Cambie el texto de anclaje o los documentos.',
    tooManyRequests: 'Demasiadas solicitudes por ahora. Inténtelo de nuevo en un minuto.',
    other: 'El servicio no lo aceptó. Revise los datos e inténtelo de nuevo.',
  },
  retry: 'Reintentar',
  language: 'Idioma',
  folders: 'Carpetas',
  folder: {
    action: 'Requieren acción',
    waiting: 'Esperando a otros',
    completed: 'Completados',
    sent: 'Todos los enviados',
    drafts: 'Borradores',
    deleted: 'Eliminados',
  },
  status: {
    created: 'Borrador',
    sent: 'Enviado',
    delivered: 'Entregado',
    completed: 'Completado',
    declined: 'Rechazado',
    voided: 'Anulado',
    expired: 'Vencido',
  },
  recipientNotYetSent: 'En espera',
  filters: 'Filtros',
  statusFilter: 'Estado',
  anyStatus: 'Cualquier estado',
  search: 'Buscar asunto o destinatario',
  searchButton: 'Buscar',
  from: 'Desde',
  to: 'Hasta',
  clearFilters: 'Borrar',
  subject: 'Asunto',
  statusColumn: 'Estado',
  senderColumn: 'Remitente',
  changedColumn: 'Último cambio',
  noSubject: '(sin asunto)',
  empty: 'No hay sobres aquí.',
  sendEnvelope: 'Enviar un sobre',
  emptyHint: 'Empiece desde una de sus plantillas: el sobre sale en cuanto lo envíe.',
  envelopeCount: (n: number, more = false) =>
    more ? `más de ${grouped('es', n)} sobres` : plural('es', n, { one: `${n} sobre`, other: `${n} sobres` }),
  countBadge: (n: number, more = false) => (more ? `${grouped('es', n)}+` : String(n)),
  range: (first: number, last: number, total: number, more = false) =>
    `${first}–${last} de ${more ? `más de ${grouped('es', total)}` : total}`,
  previous: 'Página anterior',
  next: 'Página siguiente',
  updated: (time: string) => `Actualizado a las ${time}`,
  refresh: 'Actualizar',
  back: 'Volver a los sobres',
  notFound: 'No se encontró este sobre.',
  details: {
    documents: 'Documentos',
    recipients: 'Destinatarios',
    customFields: 'Campos personalizados',
    sentOn: (date: string) => `Enviado el ${date}`,
    createdOn: (date: string) => `Creado el ${date}`,
    routingOrder: (n: number) => `Orden ${n}`,
    delivery: { email: 'Correo electrónico', SMS: 'Mensaje de texto' },
    noCustomFields: 'Sin campos personalizados.',
    view: (name: string) => `Ver ${name}`,
    download: (name: string) => `Descargar ${name}`,
    combined: 'Todos los documentos en un PDF',
    certificate: 'Certificado de finalización',
    archive: 'Archivo (zip)',
    closeViewer: 'Cerrar el documento',
    timeline: {
      sent: (date: string) => `Enviado el ${date}`,
      delivered: (date: string) => `Visto el ${date}`,
      agreed: (date: string) => `Aceptó usar registros y firmas electrónicos el ${date}`,
      signed: (date: string) => `Firmado el ${date}`,
      declined: (date: string) => `Rechazado el ${date}`,
      reason: (reason: string) => `Motivo: ${reason}`,
    },
    auditTrail: 'Registro de auditoría',
    auditTime: 'Hora',
    auditAction: 'Acción',
    auditBy: 'Por',
    auditMessage: 'Detalles',
    chainIntact: 'Cada entrada enlaza con la anterior.',
    chainBroken: 'El registro está roto: una entrada no enlaza con la anterior.',
    actions: 'Acciones',
    voidAction: 'Anular',
    voidTitle: 'Anular este sobre',
    voidReason: '¿Por qué lo anula?',
    resend: 'Reenviar',
    resent: 'Se volvió a enviar la invitación a los destinatarios actuales.',
    deleteAction: 'Mover a Eliminados',
    deleted: 'Movido a Eliminados.',
    restore: 'Restaurar',
    restored: 'Restaurado.',
    voided: 'Anulado.',
    correct: 'Corregir',
    correctTitle: (name: string) => `Corregir a ${name}`,
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono móvil (código de país y número)',
    corrected: 'Se corrigió el destinatario.',
    unlockNote:
      'Al guardar también se desbloquea a un destinatario bloqueado por códigos de acceso erróneos.',
    save: 'Guardar',
    cancel: 'Cancelar',
    voidedBecause: (reason: string) => `Anulado: ${reason}`,
  },
}

export const DICTIONARIES: Record<Language, Dictionary> = { en, es }

const STORED_LANGUAGE = 'inkwell.language'

/** The language picked before, else the browser's first supported one (its Accept-Language), else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORED_LANGUAGE)
  if (stored === 'en' || stored === 'es') return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase()
    if (base === 'en' || base === 'es') return base
  }
  return 'en'
}

export function rememberLanguage(language: Language): void {
  localStorage.setItem(STORED_LANGUAGE, language)
}

/** A date and time in the person's own time zone and language. */
export function formatDateTime(language: Language, iso: string | undefined): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

export function formatTime(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date)
}
