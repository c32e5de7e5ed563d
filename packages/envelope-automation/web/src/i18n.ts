import { createContext, useContext } from 'react'

/** The console's words in English and Spanish. */

export type UiLanguage = 'en' | 'es'

/** Why the SMS phone screen refused an answer (the console API's codes). */
export type PhoneProblem = 'phone_required' | 'phone_invalid'

/** The form of a counted message that the language's plural rules pick for `count`. */
export function plural(language: UiLanguage, count: number, forms: { one: string; other: string }): string {
  return new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other
}

const en = {
  appTitle: 'Automation console',
  uiLanguage: 'Language',
  skipToContent: 'Skip to content',
  cases: 'Cases',
  search: 'Search by case number or contact',
  searchButton: 'Search',
  loading: 'Loading…',
  noCases: 'No case matches.',
  caseNumber: 'Case number',
  contact: 'Contact',
  noContact: 'No linked contact',
  languageColumn: 'Language',
  previous: 'Previous',
  next: 'Next',
  pageOf: (from: number, to: number) => `Cases ${from}–${to}`,
  backToCases: 'All cases',
  caseTitle: (number: string) => `Case ${number}`,
  signingRecipient: 'Signing recipient 1',
  email: 'Email',
  mobile: 'Mobile',
  none: 'none',
  serviceCoordinator: 'Service coordinator',
  envelopes: 'Envelopes',
  noEnvelopes: 'No envelope sent yet.',
  notSentYet: 'Not sent',
  envelopeId: 'Envelope id',
  status: 'Status',
  sentAt: 'Sent',
  completedAt: 'Completed',
  documents: 'Documents',
  signedPdf: 'Signed PDF',
  documentsPdf: 'PDF (not signed yet)',
  statusName: (status: string) =>
    ({
      sent: 'Sent',
      delivered: 'Delivered',
      completed: 'Completed',
      declined: 'Declined',
      voided: 'Voided',
    })[status] ?? status,
  sendTitle: 'Send for signature',
  templates: 'Templates',
  templatesHint: 'Choose one or more; the documents follow the order below.',
  templatesLoading: 'Loading templates…',
  templatesFailed: 'The templates could not be loaded.',
  chosenOrder: 'Document order',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Remove ${name}`,
  chooseTemplate: 'Choose at least one template.',
  envelopeLanguage: 'Envelope language',
  english: 'English',
  spanish: 'Spanish',
  subject: 'Subject',
  message: 'Message',
  locksMessageTag: 'locks its subject and message',
  messageLocked: (name: string) =>
    `The template “${name}” locks the subject and message of this envelope: they cannot be changed here.`,
  messageConflict: (first: string, second: string) =>
    `“${first}” and “${second}” lock different subjects or messages, so they cannot go in one envelope. Remove one and send it in an envelope of its own.`,
  send: 'Send',
  sending: 'Sending…',
  smsTitle: 'Send by text message',
  smsIntro: (name: string) =>
    `${name} has no email address, so the invitation goes by text message (SMS). Enter the mobile number.`,
  smsPhone: 'Mobile number for SMS',
  smsHint: 'International format with + and the country code, e.g. +14155552671.',
  phoneProblem: (problem: PhoneProblem): string =>
    problem === 'phone_required'
      ? 'A mobile number is required.'
      : 'This is not a mobile number a text message can reach. Enter it with + and the country code, e.g. +14155552671.',
  back: 'Back',
  sentTitle: 'Envelope sent',
  sentBody: 'The envelope was created and sent. Its id:',
  sentBySms: (phone: string) => `Recipient 1 gets the invitation by SMS at ${phone}.`,
  sendAnother: 'Send another',
  failedTitle: 'The envelope was not sent',
  failedStatus: (status: number | null, code: string | null) =>
    status === null ? (code ?? 'No answer') : `Status ${status}${code ? ` ${code}` : ''}`,
  tryAgain: 'Change and try again',
  serviceAnswered: 'The envelope service answered:',
  failureAdvice: (code: string): string =>
    ({
      service_refused:
        'The envelope service refused the envelope. Its answer is below: check the chosen templates and the case, then try again.',
      service_timeout:
        'The envelope service did not answer in time. Try again in a few minutes; if it keeps happening, tell your administrator.',
      service_unreachable:
        'The envelope service cannot be reached. Check that it is running (npm start), then try again.',
      service_not_configured:
        'The console is not connected to the envelope service yet. Start the envelope service (npm start) or ask your administrator to configure it.',
      message_locked:
        'A template you chose now fixes its subject and message, so the subject you typed cannot be used. Go back: the form shows the template’s own, and sends it.',
      invalid_input:
        "The case cannot be sent as it is. Check its contact's name, and its email or mobile number, then try again.",
      case_not_found: 'This case no longer exists. Go back to the case list.',
      csrf_token_invalid: 'This page is out of date. Reload it and try again.',
      network: 'The console did not answer. Check your connection, then try again.',
    })[code] ?? 'Something went wrong. Try again; if it keeps happening, tell your administrator.',
  loadFailed: 'Could not load this page.',
  notFound: 'This case does not exist.',
  signInTitle: 'Sign in',
  signInIntro: 'Sign in with your console user name and password.',
  username: 'User name',
  password: 'Password',
  signInButton: 'Sign in',
  signingIn: 'Signing in…',
  signInMissing: 'Enter your user name and your password.',
  signInInvalid: 'The user name or password is not right. Check both and try again.',
  signInLocked: (minutes: number) =>
    plural('en', minutes, {
      one: `Too many failed attempts: sign-in is locked. Try again in ${minutes} minute.`,
      other: `Too many failed attempts: sign-in is locked. Try again in ${minutes} minutes.`,
    }),
  signInFailed: 'Signing in is not possible right now. Try again in a moment.',
  sessionEnded: 'Your session has ended. Sign in again to continue.',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',
}

export type Messages = typeof en

const es: Messages = {
  appTitle: 'Consola de automatización',
  uiLanguage: 'Idioma',
  skipToContent: 'Ir al contenido',
  cases: 'Casos',
  search: 'Buscar por número de caso o contacto',
  searchButton: 'Buscar',
  loading: 'Cargando…',
  noCases: 'Ningún caso coincide.',
  caseNumber: 'Número de caso',
  contact: 'Contacto',
  noContact: 'Sin contacto vinculado',
  languageColumn: 'Idioma',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (from, to) => `Casos ${from}–${to}`,
  backToCases: 'Todos los casos',
  caseTitle: (number) => `Caso ${number}`,
  signingRecipient: 'Firmante 1',
  email: 'Correo electrónico',
  mobile: 'Móvil',
  none: 'ninguno',
  serviceCoordinator: 'Coordinador del servicio',
  envelopes: 'Sobres',
  noEnvelopes: 'Todavía no se ha enviado ningún sobre.',
  notSentYet: 'Sin enviar',
  envelopeId: 'Id. del sobre',
  status: 'Estado',
  sentAt: 'Enviado',
  completedAt: 'Completado',
  documents: 'Documentos',
  signedPdf: 'PDF firmado',
  documentsPdf: 'PDF (aún sin firmar)',
  statusName: (status) =>
    ({
      sent: 'Enviado',
      delivered: 'Entregado',
      completed: 'Completado',
      declined: 'Rechazado',
      voided: 'Anulado',
    })[status] ?? status,
  sendTitle: 'Enviar para firma',
  templates: 'Plantillas',
  templatesHint: 'Elija una o más; los documentos siguen el orden de abajo.',
  templatesLoading: 'Cargando plantillas…',
  templatesFailed: 'No se pudieron cargar las plantillas.',
  chosenOrder: 'Orden de los documentos',
  moveUp: (name) => `Subir ${name}`,
  moveDown: (name) => `Bajar ${name}`,
  remove: (name) => `Quitar ${name}`,
  chooseTemplate: 'Elija al menos una plantilla.',
  envelopeLanguage: 'Idioma del sobre',
  english: 'Inglés',
  spanish: 'Español',
  subject: 'Asunto',
  message: 'Mensaje',
  locksMessageTag: 'bloquea su asunto y su mensaje',
  messageLocked: (name) =>
    `La plantilla “${name}” bloquea el asunto y el mensaje de este sobre: aquí no se pueden cambiar.`,
  messageConflict: (first, second) =>
    `“${first}” y “${second}” bloquean asuntos o mensajes distintos, así que no pueden ir en un mismo sobre. Quite una y envíela en un sobre aparte.`,
  send: 'Enviar',
  sending: 'Enviando…',
  smsTitle: 'Enviar por mensaje de texto',
  smsIntro: (name) =>
    `${name} no tiene correo electrónico, así que la invitación se envía por mensaje de texto (SMS). Escriba el número de móvil.`,
  smsPhone: 'Número de móvil para SMS',
  smsHint: 'Formato internacional con + y el código del país, p. ej. +573001234567.',
  phoneProblem: (problem) =>
    problem === 'phone_required'
      ? 'El número de móvil es obligatorio.'
      : 'Este no es un número de móvil al que llegue un mensaje de texto. Escríbalo con + y el código del país, p. ej. +573001234567.',
  back: 'Atrás',
  sentTitle: 'Sobre enviado',
  sentBody: 'El sobre se creó y se envió. Su id.:',
  sentBySms: (phone) => `El firmante 1 recibe la invitación por SMS en ${phone}.`,
  sendAnother: 'Enviar otro',
  failedTitle: 'El sobre no se envió',
  failedStatus: (status, code) =>
    status === null ? (code ?? 'Sin respuesta') : `Estado ${status}${code ? ` ${code}` : ''}`,
  tryAgain: 'Cambiar e intentar de nuevo',
  serviceAnswered: 'El servicio de sobres respondió:',
  failureAdvice: (code) =>
    ({
      service_refused:
        'El servicio de sobres rechazó el sobre. Su respuesta está abajo: revise las plantillas elegidas y el caso, y vuelva a intentarlo.',
      service_timeout:
        'El servicio de sobres no respondió a tiempo. Vuelva a intentarlo en unos minutos; si sigue pasando, avise a su administrador.',
      service_unreachable:
        'No se puede contactar con el servicio de sobres. Compruebe que está en marcha (npm start) y vuelva a intentarlo.',
      service_not_configured:
        'La consola aún no está conectada al servicio de sobres. Inicie el servicio de sobres (npm start) o pida a su administrador que lo configure.',
      message_locked:
        'Una plantilla elegida fija ahora su asunto y su mensaje, así que el asunto escrito no se puede usar. Vuelva atrás: el formulario muestra el de la plantilla y lo envía.',
      invalid_input:
        'El caso no se puede enviar así. Revise el nombre del contacto y su correo electrónico o móvil, y vuelva a intentarlo.',
      case_not_found: 'Este caso ya no existe. Vuelva a la lista de casos.',
      csrf_token_invalid: 'Esta página está desactualizada. Recárguela y vuelva a intentarlo.',
      network: 'La consola no respondió. Compruebe su conexión y vuelva a intentarlo.',
    })[code] ?? 'Algo salió mal. Vuelva a intentarlo; si sigue pasando, avise a su administrador.',
  loadFailed: 'No se pudo cargar esta página.',
  notFound: 'Este caso no existe.',
  signInTitle: 'Iniciar sesión',
  signInIntro: 'Inicie sesión con su usuario y contraseña de la consola.',
  username: 'Usuario',
  password: 'Contraseña',
  signInButton: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',
  signInMissing: 'Escriba su usuario y su contraseña.',
  signInInvalid: 'El usuario o la contraseña no son correctos. Revise ambos e inténtelo de nuevo.',
  signInLocked: (minutes) =>
    plural('es', minutes, {
      one: `Demasiados intentos fallidos: el acceso está bloqueado. Vuelva a intentarlo dentro de ${minutes} minuto.`,
      other: `Demasiados intentos fallidos: el acceso está bloqueado. Vuelva a intentarlo dentro de ${minutes} minutos.`,
    }),
  signInFailed: 'Ahora no es posible iniciar sesión. Inténtelo de nuevo en un momento.',
  sessionEnded: 'Su sesión ha terminado. Vuelva a iniciar sesión para continuar.',
  signedInAs: (name) => `Sesión de ${name}`,
  signOut: 'Cerrar sesión',
}

export const MESSAGES: Record<UiLanguage, Messages> = { en, es }

const STORAGE_KEY = 'console.language'

/** The language chosen before, else the browser's. */
export function initialUiLanguage(): UiLanguage {
  const stored = localStorage.getItem(STORAGE_KEY)
  if (stored === 'en' || stored === 'es') return stored
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en'
}

export function rememberUiLanguage(language: UiLanguage) {
  localStorage.setItem(STORAGE_KEY, language)
  document.documentElement.lang = language
}

export interface Ui {
  t: Messages
  language: UiLanguage
}

export const UiContext = createContext<Ui>({ t: en, language: 'en' })
export const useUi = () => useContext(UiContext)

export const formatDate = (iso: string, language: UiLanguage) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })
