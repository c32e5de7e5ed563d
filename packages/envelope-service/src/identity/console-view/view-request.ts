import { type Static, Type } from '@sinclair/typebox'
import { InvalidRequestError } from 'platform'

/**
 * DocuSign's `EnvelopeViewRequest` / `TemplateViewRequest` (the SDK's body of createSenderView,
 * createEditView, createCorrectView and TemplatesApi.createEditView). `settings` is kept whole, as a
 * record, so that `checkViewSettings` can name a setting it refuses instead of the validator dropping it.
 */
export const EmbeddedViewRequest = Type.Object({
  returnUrl: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'Where the browser goes when the person is done, with `?event=Send`, `Save`, `Correct` or `Cancel`',
  }),
  viewAccess: Type.Optional(Type.String({ maxLength: 50 })),
  settings: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "DocuSign's EnvelopeViewSettings: display settings are accepted (the web app shows its usual screen); " +
        '`sendButtonAction` other than `send` and a non-empty `lockToken` are refused',
    }),
  ),
  // DocuSign's CorrectViewRequest: how the window is dressed, which the web app decides itself.
  suppressNavigation: Type.Optional(Type.String({ maxLength: 10 })),
  beginOnTagger: Type.Optional(Type.String({ maxLength: 10 })),
})
export type EmbeddedViewRequest = Static<typeof EmbeddedViewRequest>

export const ViewUrl = Type.Object({ url: Type.String() })

/** What the view edits: `viewAccess`, when given, must name it. */
export type ViewAccess = 'envelope' | 'template'

/**
 * Settings that only change how DocuSign's own screens are dressed (buttons shown, starting tab,
 * palettes): the web app has one way to show each screen, so honouring or ignoring them changes
 * nothing the caller relies on.
 */
const DISPLAY_SETTINGS = new Set(
  [
    'startingScreen',
    'showBackButton',
    'backButtonAction',
    'showHeaderActions',
    'showDiscardAction',
    'showAdvancedOptions',
    'showSignNow',
    'recipientSettings',
    'documentSettings',
    'taggerSettings',
    'templateSettings',
    'envelopeCustomFieldSettings',
  ].map((name) => name.toLowerCase()),
)

const isBlank = (value: unknown) => value === undefined || value === null || value === ''

/**
 * The first part of a view request this service cannot honour, as the message of a 400, or undefined.
 * `sendButtonAction: "send"` is what the view does; `redirect` (return without sending) is not offered.
 * A `lockToken` would make the view's saves carry a lock the web app does not hold.
 */
export function refusedViewRequest(
  request: Pick<EmbeddedViewRequest, 'viewAccess' | 'settings'>,
  access: ViewAccess,
): string | undefined {
  if (!isBlank(request.viewAccess) && request.viewAccess?.toLowerCase() !== access) {
    return `viewAccess '${request.viewAccess}' is not supported here; give '${access}' or leave it out`
  }
  for (const [name, value] of Object.entries(request.settings ?? {})) {
    const key = name.toLowerCase()
    if (DISPLAY_SETTINGS.has(key)) continue
    if (key === 'sendbuttonaction' && access === 'envelope') {
      if (isBlank(value) || String(value).toLowerCase() === 'send') continue
      return `settings.sendButtonAction '${String(value)}' is not supported; the view sends the envelope ('send')`
    }
    if (key === 'locktoken' && isBlank(value)) continue
    return `settings.${name} is not supported by this service; leave it out`
  }
  return undefined
}

/** The browser is sent back to the return URL with `?event=...`, so it must be an absolute http(s) URL. */
export function returnUrlOf(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidRequestError('returnUrl must be an absolute http or https URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidRequestError('returnUrl must be an absolute http or https URL')
  }
  return url.toString()
}

/** Throws the 400 for a view request this service cannot honour; returns the checked return URL. */
export function checkViewRequest(request: EmbeddedViewRequest, access: ViewAccess): string {
  const refused = refusedViewRequest(request, access)
  if (refused) throw new InvalidRequestError(refused)
  return returnUrlOf(request.returnUrl)
}
