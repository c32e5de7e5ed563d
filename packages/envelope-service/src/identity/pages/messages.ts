/** The sign-in pages' text in English and Spanish, chosen by Accept-Language. */

export type Locale = 'en' | 'es'

export const MESSAGES = {
  en: {
    signInTitle: 'Sign in',
    signInLead: (client: string) => `Sign in to continue to ${client}.`,
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    invalid: 'The email or password is not right.',
    locked: (minutes: number) =>
      `Too many failed attempts. Try again in ${minutes} ${new Intl.PluralRules('en').select(minutes) === 'one' ? 'minute' : 'minutes'}.`,
    consentTitle: 'Allow access',
    consentLead: (client: string) => `${client} asks to use your Inkwell account.`,
    consentAsks: 'It will be able to:',
    allow: 'Allow',
    deny: 'Deny',
    scopes: {
      signature: 'Send, sign and manage your envelopes and templates',
      extended: 'Stay signed in without asking you again for up to 30 days at a time',
      impersonation: 'Act for you when you are not there',
    } as Record<string, string>,
    errorTitle: 'This sign-in link does not work',
    unknownClient: 'The application that sent you here is not known to this service, or is disabled.',
    invalidRedirect: 'The application asked to send you to an address it has not registered.',
    expired: 'This page has expired. Go back to the application and start again.',
    consoleExpired: 'This link was already used or has expired. Ask for a new one.',
    forgot: 'Forgot your password?',
    resetTitle: 'Reset your password',
    resetLead: 'Enter your email. If it belongs to an account, we send a link to choose a new password.',
    sendLink: 'Send the link',
    resetSent:
      'If an account uses that email, a link to choose a new password is on its way. It works for one hour.',
    setTitle: 'Choose your password',
    newPassword: 'New password',
    confirmPassword: 'New password again',
    passwordHint: (min: number) => `At least ${min} characters.`,
    save: 'Save password',
    tooShort: (min: number) => `The password needs at least ${min} characters.`,
    mismatch: 'The two passwords are not the same.',
    linkExpired: 'This link was already used or has expired. Ask for a new one from the sign-in page.',
    passwordSet: 'Your password is saved. You can sign in now.',
    goSignIn: 'Go to sign-in',
    secondStepTitle: 'Two-step sign-in',
    secondStepLead: 'Type the 6-digit code your authenticator app shows for Inkwell.',
    code: 'Code',
    codeHint: 'Lost your phone? Type one of your recovery codes instead.',
    continue: 'Continue',
    wrongCode: 'That code is not right, or was already used. Type the code the app shows now.',
    setupTitle: 'Set up two-step sign-in',
    setupLead:
      'Your account asks for a code from an authenticator app at each sign-in. Scan this QR code with the app (for example Google Authenticator, Microsoft Authenticator or 1Password), then type the 6-digit code it shows.',
    qrAlt: 'QR code to scan with your authenticator app',
    setupKey: 'Cannot scan it? Type this key into the app instead:',
    setupOpen: 'On this phone? Open the key in your authenticator app',
    setupCodeHint: 'The code changes every 30 seconds.',
    setupConfirm: 'Turn on and continue',
    recoveryTitle: 'Save your recovery codes',
    recoveryLead:
      'If you lose your phone, each of these codes signs you in once. Save them somewhere safe now: they are not shown again.',
    recoveryDownload: 'Download the codes',
  },
  es: {
    signInTitle: 'Iniciar sesión',
    signInLead: (client: string) => `Inicie sesión para continuar en ${client}.`,
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    invalid: 'El correo electrónico o la contraseña no son correctos.',
    locked: (minutes: number) =>
      `Demasiados intentos fallidos. Vuelva a intentarlo en ${minutes} ${new Intl.PluralRules('es').select(minutes) === 'one' ? 'minuto' : 'minutos'}.`,
    consentTitle: 'Permitir acceso',
    consentLead: (client: string) => `${client} solicita usar su cuenta de Inkwell.`,
    consentAsks: 'Podrá:',
    allow: 'Permitir',
    deny: 'Denegar',
    scopes: {
      signature: 'Enviar, firmar y gestionar sus sobres y plantillas',
      extended: 'Mantener la sesión abierta sin volver a preguntarle durante hasta 30 días cada vez',
      impersonation: 'Actuar en su nombre cuando usted no esté',
    } as Record<string, string>,
    errorTitle: 'Este enlace de inicio de sesión no funciona',
    unknownClient: 'La aplicación que le envió aquí no es conocida por este servicio o está desactivada.',
    invalidRedirect: 'La aplicación pidió enviarle a una dirección que no ha registrado.',
    expired: 'Esta página ha caducado. Vuelva a la aplicación y empiece de nuevo.',
    consoleExpired: 'Este enlace ya se usó o ha caducado. Pida uno nuevo.',
    forgot: '¿Olvidó su contraseña?',
    resetTitle: 'Restablecer la contraseña',
    resetLead:
      'Escriba su correo electrónico. Si pertenece a una cuenta, le enviamos un enlace para elegir una contraseña nueva.',
    sendLink: 'Enviar el enlace',
    resetSent:
      'Si una cuenta usa ese correo, le llegará un enlace para elegir una contraseña nueva. Funciona durante una hora.',
    setTitle: 'Elija su contraseña',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Repita la contraseña nueva',
    passwordHint: (min: number) => `Al menos ${min} caracteres.`,
    save: 'Guardar la contraseña',
    tooShort: (min: number) => `La contraseña necesita al menos ${min} caracteres.`,
    mismatch: 'Las dos contraseñas no coinciden.',
    linkExpired: 'Este enlace ya se usó o ha caducado. Pida uno nuevo desde la página de inicio de sesión.',
    passwordSet: 'Su contraseña está guardada. Ya puede iniciar sesión.',
    goSignIn: 'Ir a iniciar sesión',
    secondStepTitle: 'Verificación en dos pasos',
    secondStepLead: 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación para Inkwell.',
    code: 'Código',
    codeHint: '¿Perdió el teléfono? Escriba en su lugar uno de sus códigos de recuperación.',
    continue: 'Continuar',
    wrongCode: 'Ese código no es correcto o ya se usó. Escriba el código que muestra ahora la aplicación.',
    setupTitle: 'Configure la verificación en dos pasos',
    setupLead:
      'Su cuenta pide un código de una aplicación de autenticación en cada inicio de sesión. Escanee este código QR con la aplicación (por ejemplo Google Authenticator, Microsoft Authenticator o 1Password) y escriba el código de 6 dígitos que muestra.',
    qrAlt: 'Código QR para escanear con su aplicación de autenticación',
    setupKey: '¿No puede escanearlo? Escriba en su lugar esta clave en la aplicación:',
    setupOpen: '¿Está en este teléfono? Abra la clave en su aplicación de autenticación',
    setupCodeHint: 'El código cambia cada 30 segundos.',
    setupConfirm: 'Activar y continuar',
    recoveryTitle: 'Guarde sus códigos de recuperación',
    recoveryLead:
      'Si pierde el teléfono, cada uno de estos códigos le permite iniciar sesión una vez. Guárdelos ahora en un lugar seguro: no se vuelven a mostrar.',
    recoveryDownload: 'Descargar los códigos',
  },
} as const

export type Messages = (typeof MESSAGES)[Locale]

/** The first of the listed languages this page speaks, by quality; English otherwise. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((param) => param.trim().startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranked) {
    const language = tag.split('-')[0]
    if (language === 'es' || language === 'en') return language
  }
  return 'en'
}
