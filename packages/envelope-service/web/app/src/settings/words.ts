import type { Language } from '../i18n.js'

/** The Settings screen's words in English and Spanish; the Spanish dictionary is checked against the English. */

const plural = (language: Language, count: number, forms: { one: string; other: string }) =>
  new Intl.PluralRules(language).select(count) === 'one' ? forms.one : forms.other

export const PROFILES = ['Account Administrator', 'DocuSign Sender', 'DocuSign Viewer'] as const
export type Profile = (typeof PROFILES)[number]

const en = {
  title: 'Settings',
  users: 'Users',
  userCount: (n: number) => plural('en', n, { one: `${n} user`, other: `${n} users` }),
  invite: 'Invite a user',
  inviteTitle: 'Invite a user',
  inviteButton: 'Send invitation',
  name: 'Name',
  email: 'Email',
  permission: 'Permission',
  profile: {
    'Account Administrator': 'Administrator',
    'DocuSign Sender': 'Sends envelopes',
    'DocuSign Viewer': 'Views only',
  } satisfies Record<Profile, string>,
  permissionOf: (name: string) => `Permission of ${name}`,
  userStatus: { Active: 'Active', ActivationSent: 'Invited', Closed: 'Deactivated' } as Record<
    string,
    string
  >,
  invited: (email: string) => `Invitation sent to ${email}.`,
  changed: (name: string) => `Saved ${name}'s permission.`,
  deactivate: 'Deactivate',
  deactivateUser: (name: string) => `Deactivate ${name}`,
  deactivated: (name: string) => `${name} can no longer use this account.`,
  recentSignIns: 'Recent sign-ins',
  ofUser: (name: string) => `of ${name}`,
  memberSignInsNote:
    "Sign-ins to the web app and to this account's integration keys, with the attempts that were refused.",
  you: '(you)',
  formerMembers: (n: number) =>
    plural('en', n, { one: '1 deactivated user', other: `${n} deactivated users` }),
  formerNote:
    'They can no longer use this account. Their sign-ins to it are kept, so you can still see who tried to reach it. Inviting one again makes them a member.',
  integrationKeys: 'Integration keys',
  keysIntro:
    'Integration keys let your applications use the API: by a JWT grant with an RSA key pair, or by signing people in.',
  newKey: 'New integration key',
  newKeyTitle: 'New integration key',
  create: 'Create',
  kind: 'Kind',
  confidential: 'Confidential (server application)',
  public: 'Public (browser or mobile application, PKCE)',
  keyPair: 'RSA key pair',
  generate: 'Generate on the server',
  upload: 'Upload a public key (PEM)',
  publicKey: 'Public key (PEM)',
  redirectUris: 'Redirect URIs',
  redirectUri: 'Redirect URI',
  addRedirect: 'Add',
  removeRedirect: (uri: string) => `Remove ${uri}`,
  noRedirects: 'No redirect URIs.',
  privateKey: 'Private key (PEM)',
  secretKeys: 'Secret keys',
  secretCount: (n: number) => plural('en', n, { one: `${n} secret key`, other: `${n} secret keys` }),
  publicKeyCount: (n: number) =>
    plural('en', n, { one: `${n} RSA public key`, other: `${n} RSA public keys` }),
  addSecret: 'Add a secret key',
  secretKey: 'Secret key',
  removeSecret: (id: string) => `Delete secret key ${id}`,
  consents: 'Consents',
  noConsents: 'Nobody has consented yet.',
  consentBy: (name: string, scopes: string, date: string) => `${name}: ${scopes} (${date})`,
  enabled: 'Enabled',
  disabled: 'Disabled',
  enableKey: (name: string) => `Enable ${name}`,
  disableKey: (name: string) => `Disable ${name}`,
  enable: 'Enable',
  disable: 'Disable',
  noKeys: 'No integration keys yet.',
  keyId: 'Integration key',
  defaults: 'Reminders and expiration',
  defaultsIntro: 'New envelopes that do not set their own reminders and expiration follow these.',
  remindersOn: 'Send reminders',
  reminderDelay: 'First reminder after (days)',
  reminderFrequency: 'Then every (days, 0: once)',
  expireOn: 'Envelopes expire',
  expireAfter: 'Expire after (days)',
  expireWarn: 'Warn before expiry (days, 0: no warning)',
  userOverride: 'Senders may set their own expiration',
  saveDefaults: 'Save defaults',
  defaultsSaved: 'Defaults saved.',
  days: (n: number) => plural('en', n, { one: `${n} day`, other: `${n} days` }),
  signIn: 'Sign-in',
  requireTwoStep: 'Require two-step sign-in for everyone in this account',
  requireTwoStepHint:
    'Each person then signs in with their password and a code from an authenticator app on their phone. Those who have not set it up are signed out and asked to set it up when they sign in again (you stay signed in), and nobody can turn it off.',
  membersWithout: (n: number, required: boolean) =>
    n === 0
      ? 'Everyone in this account has two-step sign-in on.'
      : plural('en', n, {
          one: `1 user has not turned two-step sign-in on yet${required ? ' and will be asked to set it up at their next sign-in' : ''}.`,
          other: `${n} users have not turned two-step sign-in on yet${required ? ' and will be asked to set it up at their next sign-in' : ''}.`,
        }),
  savePolicy: 'Save',
  nowRequired: 'Two-step sign-in is now required in this account.',
  noLongerRequired: 'Two-step sign-in is no longer required in this account.',
}

const es: typeof en = {
  title: 'Configuración',
  users: 'Usuarios',
  userCount: (n: number) => plural('es', n, { one: `${n} usuario`, other: `${n} usuarios` }),
  invite: 'Invitar a un usuario',
  inviteTitle: 'Invitar a un usuario',
  inviteButton: 'Enviar invitación',
  name: 'Nombre',
  email: 'Correo electrónico',
  permission: 'Permiso',
  profile: {
    'Account Administrator': 'Administrador',
    'DocuSign Sender': 'Envía sobres',
    'DocuSign Viewer': 'Solo consulta',
  },
  permissionOf: (name: string) => `Permiso de ${name}`,
  userStatus: { Active: 'Activo', ActivationSent: 'Invitado', Closed: 'Desactivado' },
  invited: (email: string) => `Se envió la invitación a ${email}.`,
  changed: (name: string) => `Se guardó el permiso de ${name}.`,
  deactivate: 'Desactivar',
  deactivateUser: (name: string) => `Desactivar a ${name}`,
  deactivated: (name: string) => `${name} ya no puede usar esta cuenta.`,
  recentSignIns: 'Inicios de sesión recientes',
  ofUser: (name: string) => `de ${name}`,
  memberSignInsNote:
    'Inicios de sesión en la aplicación web y con las claves de integración de esta cuenta, con los intentos rechazados.',
  you: '(usted)',
  formerMembers: (n: number) =>
    plural('es', n, { one: '1 usuario desactivado', other: `${n} usuarios desactivados` }),
  formerNote:
    'Ya no pueden usar esta cuenta. Sus inicios de sesión en ella se conservan, para que siga viendo quién intentó acceder. Invitar de nuevo a uno lo vuelve a hacer miembro.',
  integrationKeys: 'Claves de integración',
  keysIntro:
    'Las claves de integración permiten a sus aplicaciones usar la API: con una concesión JWT y un par de claves RSA, o iniciando la sesión de las personas.',
  newKey: 'Nueva clave de integración',
  newKeyTitle: 'Nueva clave de integración',
  create: 'Crear',
  kind: 'Tipo',
  confidential: 'Confidencial (aplicación de servidor)',
  public: 'Pública (aplicación de navegador o móvil, PKCE)',
  keyPair: 'Par de claves RSA',
  generate: 'Generarlo en el servidor',
  upload: 'Subir una clave pública (PEM)',
  publicKey: 'Clave pública (PEM)',
  redirectUris: 'URI de redirección',
  redirectUri: 'URI de redirección',
  addRedirect: 'Añadir',
  removeRedirect: (uri: string) => `Quitar ${uri}`,
  noRedirects: 'Sin URI de redirección.',
  privateKey: 'Clave privada (PEM)',
  secretKeys: 'Claves secretas',
  secretCount: (n: number) => plural('es', n, { one: `${n} clave secreta`, other: `${n} claves secretas` }),
  publicKeyCount: (n: number) =>
    plural('es', n, { one: `${n} clave pública RSA`, other: `${n} claves públicas RSA` }),
  addSecret: 'Añadir una clave secreta',
  secretKey: 'Clave secreta',
  removeSecret: (id: string) => `Eliminar la clave secreta ${id}`,
  consents: 'Consentimientos',
  noConsents: 'Nadie ha dado su consentimiento todavía.',
  consentBy: (name: string, scopes: string, date: string) => `${name}: ${scopes} (${date})`,
  enabled: 'Activada',
  disabled: 'Desactivada',
  enableKey: (name: string) => `Activar ${name}`,
  disableKey: (name: string) => `Desactivar ${name}`,
  enable: 'Activar',
  disable: 'Desactivar',
  noKeys: 'Todavía no hay claves de integración.',
  keyId: 'Clave de integración',
  defaults: 'Recordatorios y caducidad',
  defaultsIntro: 'Los sobres nuevos que no fijan sus propios recordatorios y caducidad siguen estos valores.',
  remindersOn: 'Enviar recordatorios',
  reminderDelay: 'Primer recordatorio a los (días)',
  reminderFrequency: 'Después, cada (días; 0: una sola vez)',
  expireOn: 'Los sobres caducan',
  expireAfter: 'Caducan a los (días)',
  expireWarn: 'Avisar antes de caducar (días; 0: sin aviso)',
  userOverride: 'Los remitentes pueden fijar su propia caducidad',
  saveDefaults: 'Guardar',
  defaultsSaved: 'Se guardaron los valores predeterminados.',
  days: (n: number) => plural('es', n, { one: `${n} día`, other: `${n} días` }),
  signIn: 'Inicio de sesión',
  requireTwoStep: 'Exigir la verificación en dos pasos a todos en esta cuenta',
  requireTwoStepHint:
    'Cada persona inicia sesión entonces con su contraseña y un código de una aplicación de autenticación del teléfono. A quien no la tenga configurada se le cierra la sesión y se le pide que la configure al volver a entrar (usted sigue con la sesión abierta), y nadie puede desactivarla.',
  membersWithout: (n: number, required: boolean) =>
    n === 0
      ? 'Todos en esta cuenta tienen activada la verificación en dos pasos.'
      : plural('es', n, {
          one: `1 usuario aún no ha activado la verificación en dos pasos${required ? ' y se le pedirá que la configure en su próximo inicio de sesión' : ''}.`,
          other: `${n} usuarios aún no han activado la verificación en dos pasos${required ? ' y se les pedirá que la configuren en su próximo inicio de sesión' : ''}.`,
        }),
  savePolicy: 'Guardar',
  nowRequired: 'La verificación en dos pasos es ahora obligatoria en esta cuenta.',
  noLongerRequired: 'La verificación en dos pasos ya no es obligatoria en esta cuenta.',
}

export const SETTINGS_WORDS: Record<Language, typeof en> = { en, es }
