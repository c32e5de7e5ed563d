import type { Language } from '../i18n.js'

/** Words shared by the administrators' screens (Connect, Settings), in English and Spanish. */

const en = {
  connect: 'Connect',
  settings: 'Settings',
  adminsOnly: 'Only administrators of this account can see this page.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Select the text and copy it.',
  shownOnce: 'Copy it now: it will not be shown again.',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  remove: 'Delete',
  refresh: 'Refresh',
  yes: 'Yes',
  no: 'No',
}

const es: typeof en = {
  connect: 'Connect',
  settings: 'Configuración',
  adminsOnly: 'Solo los administradores de esta cuenta pueden ver esta página.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyFailed: 'Seleccione el texto y cópielo.',
  shownOnce: 'Cópielo ahora: no se volverá a mostrar.',
  close: 'Cerrar',
  cancel: 'Cancelar',
  save: 'Guardar',
  remove: 'Eliminar',
  refresh: 'Actualizar',
  yes: 'Sí',
  no: 'No',
}

export const ADMIN_WORDS: Record<Language, typeof en> = { en, es }
