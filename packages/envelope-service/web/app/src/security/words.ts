import type { SignInMethod, SignInOutcome } from '../../../../src/identity/sign-in-history/model.js'
import type { Language } from '../i18n.js'

/** The sign-in security screen's words in English and Spanish; the Spanish dictionary is checked against the English. */

const plural = (language: Language, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other

const en = {
  title: 'Sign-in security',
  twoStep: 'Two-step sign-in',
  offLead:
    'Ask for a code from an authenticator app on your phone after your password, so a stolen password alone cannot open your account.',
  turnOn: 'Turn on two-step sign-in',
  scanLead:
    'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), then type the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  orType: 'Or type this key into the app',
  code: 'Code from the app',
  confirm: 'Turn on',
  cancel: 'Cancel',
  wrongCode: 'That code is not right, or was already used. Type the code the app shows now.',
  codeMissing: 'Type the code the app shows.',
  tooManyCodes: 'Too many wrong codes. Try again in 15 minutes.',
  codesTitle: 'Your recovery codes',
  codesLead:
    'Keep these codes somewhere safe, apart from your phone. If you lose it, type one of them instead of a code: each works once. They are not shown again.',
  download: 'Download the codes',
  savedThem: 'I have saved them',
  onLead: (left: number) =>
    plural('en', left, {
      one: 'Two-step sign-in is on. You have 1 recovery code left.',
      other: `Two-step sign-in is on. You have ${left} recovery codes left.`,
    }),
  turnedOn: 'Two-step sign-in is on. Your next sign-in will ask for a code.',
  offTitle: 'Turn it off',
  offHint: 'Type a code from the app, or a recovery code.',
  codeOrRecovery: 'Code or recovery code',
  turnOff: 'Turn off two-step sign-in',
  turnedOff: 'Two-step sign-in is off. Your password alone signs you in.',
  requiredByAccount:
    'Your account requires two-step sign-in, so it cannot be turned off. An administrator of the account can stop requiring it.',
  loading: 'Loading…',
  failed: 'Something went wrong. Try again.',
  fileName: 'inkwell-recovery-codes.txt',
  history: 'Recent sign-ins',
  historyLead:
    'Where your account was signed in to, and attempts that were refused. If you see one you do not recognise, change your password and turn on two-step sign-in.',
  noHistory: 'No sign-ins recorded yet.',
  outcome: {
    'signed-in': 'Signed in',
    'wrong-password': 'Wrong password',
    'wrong-code': 'Wrong code',
    locked: 'Refused: too many wrong attempts',
  } satisfies Record<SignInOutcome, string>,
  method: {
    password: 'with the password',
    'password-and-code': 'with the password and a code',
    'password-and-new-code': 'with the password, and set up two-step sign-in',
    'console-link': 'from a link an application opened',
  } satisfies Record<SignInMethod, string>,
  browserOn: (browser: string, system: string) => `${browser} on ${system}`,
  unknownBrowser: 'Unknown browser',
  address: (ip: string) => `Address ${ip}`,
}

export type SecurityWords = typeof en

const es: SecurityWords = {
  title: 'Seguridad del inicio de sesión',
  twoStep: 'Verificación en dos pasos',
  offLead:
    'Pide un código de una aplicación de autenticación del teléfono después de la contraseña, para que una contraseña robada no baste para entrar en tu cuenta.',
  turnOn: 'Activar la verificación en dos pasos',
  scanLead:
    'Escanea este código QR con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) y escribe el código de 6 dígitos que muestra.',
  qrAlt: 'Código QR para tu aplicación de autenticación',
  orType: 'O escribe esta clave en la aplicación',
  code: 'Código de la aplicación',
  confirm: 'Activar',
  cancel: 'Cancelar',
  wrongCode: 'Ese código no es correcto o ya se usó. Escribe el código que muestra ahora la aplicación.',
  codeMissing: 'Escribe el código que muestra la aplicación.',
  tooManyCodes: 'Demasiados códigos incorrectos. Vuelve a intentarlo dentro de 15 minutos.',
  codesTitle: 'Tus códigos de recuperación',
  codesLead:
    'Guarda estos códigos en un lugar seguro, lejos del teléfono. Si lo pierdes, escribe uno de ellos en lugar de un código: cada uno sirve una vez. No se vuelven a mostrar.',
  download: 'Descargar los códigos',
  savedThem: 'Ya los he guardado',
  onLead: (left) =>
    plural('es', left, {
      one: 'La verificación en dos pasos está activada. Te queda 1 código de recuperación.',
      other: `La verificación en dos pasos está activada. Te quedan ${left} códigos de recuperación.`,
    }),
  turnedOn: 'La verificación en dos pasos está activada. El próximo inicio de sesión te pedirá un código.',
  offTitle: 'Desactivarla',
  offHint: 'Escribe un código de la aplicación o un código de recuperación.',
  codeOrRecovery: 'Código o código de recuperación',
  turnOff: 'Desactivar la verificación en dos pasos',
  turnedOff: 'La verificación en dos pasos está desactivada. Basta la contraseña para iniciar sesión.',
  requiredByAccount:
    'Tu cuenta exige la verificación en dos pasos, así que no se puede desactivar. Un administrador de la cuenta puede dejar de exigirla.',
  loading: 'Cargando…',
  failed: 'Algo salió mal. Vuelve a intentarlo.',
  fileName: 'inkwell-codigos-de-recuperacion.txt',
  history: 'Inicios de sesión recientes',
  historyLead:
    'Dónde se inició sesión en tu cuenta y los intentos rechazados. Si ves uno que no reconoces, cambia la contraseña y activa la verificación en dos pasos.',
  noHistory: 'Aún no hay inicios de sesión registrados.',
  outcome: {
    'signed-in': 'Sesión iniciada',
    'wrong-password': 'Contraseña incorrecta',
    'wrong-code': 'Código incorrecto',
    locked: 'Rechazado: demasiados intentos incorrectos',
  },
  method: {
    password: 'con la contraseña',
    'password-and-code': 'con la contraseña y un código',
    'password-and-new-code': 'con la contraseña, y configuró la verificación en dos pasos',
    'console-link': 'desde un enlace que abrió una aplicación',
  },
  browserOn: (browser, system) => `${browser} en ${system}`,
  unknownBrowser: 'Navegador desconocido',
  address: (ip) => `Dirección ${ip}`,
}

export const SECURITY_WORDS: Record<Language, SecurityWords> = { en, es }
