import type { Language } from '../i18n.js'

/** "Sign now" words in English and Spanish; the Spanish dictionary is checked against the English. */

const en = {
  signNow: 'Sign now',
  yourTurn: 'It is your turn to sign this envelope.',
  opening: 'Opening the signing page…',
  returned: {
    signing_complete: 'You signed this envelope.',
    decline: 'You declined to sign this envelope.',
    cancel: 'You can finish signing later.',
    session_timeout: 'The signing session timed out. Sign now to start again.',
    ttl_expired: 'The signing link expired. Sign now to start again.',
  } as Record<string, string>,
}

const es: typeof en = {
  signNow: 'Firmar ahora',
  yourTurn: 'Es su turno para firmar este sobre.',
  opening: 'Abriendo la página de firma…',
  returned: {
    signing_complete: 'Ha firmado este sobre.',
    decline: 'Ha rechazado firmar este sobre.',
    cancel: 'Puede terminar de firmar más tarde.',
    session_timeout: 'La sesión de firma caducó. Pulse Firmar ahora para empezar de nuevo.',
    ttl_expired: 'El enlace de firma caducó. Pulse Firmar ahora para empezar de nuevo.',
  },
}

export const SIGN_NOW_WORDS: Record<Language, typeof en> = { en, es }
