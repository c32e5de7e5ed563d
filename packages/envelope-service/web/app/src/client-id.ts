import {
  INKWELL_APP_CALLBACK_PATH,
  INKWELL_APP_CLIENT_ID,
  INKWELL_APP_SIGNED_IN_COOKIE,
} from '../../../src/identity/first-party.js'

/** The app's integration key and callback, as the service seeds them (one GUID on every installation). */
export const APP_CLIENT_ID = INKWELL_APP_CLIENT_ID
export const CALLBACK_PATH = INKWELL_APP_CALLBACK_PATH
export const SIGNED_IN_COOKIE = INKWELL_APP_SIGNED_IN_COOKIE
