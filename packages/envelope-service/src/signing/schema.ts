import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from 'platform'
import { FORM_TAB_TYPES } from '../tabs/model.js'

const DetailText = Type.Optional(Type.String())
const DetailFlag = Type.Optional(Type.Boolean())
/** signing/disclosure/text.ts `DisclosureDetails`, for the page's disclosure. */
const DisclosureDetails = Type.Object({
  companyName: DetailText,
  companyPhone: DetailText,
  changeEmail: DetailText,
  changeEmailOther: DetailText,
  copyRequestEmail: DetailText,
  copyCostPerPage: DetailText,
  copyFeeCollectionMethod: DetailText,
  withdrawByEmail: DetailFlag,
  withdrawEmail: DetailText,
  withdrawByPhone: DetailFlag,
  withdrawPhone: DetailText,
  withdrawByMail: DetailFlag,
  withdrawAddressLine1: DetailText,
  withdrawAddressLine2: DetailText,
  withdrawCity: DetailText,
  withdrawState: DetailText,
  withdrawPostalCode: DetailText,
  withdrawConsequences: DetailText,
  withdrawOther: DetailText,
  /** The account's own text (HTML checked by signing/disclosure/own-text.ts), shown instead of the service's. */
  ownText: DetailText,
})

/**
 * The signing page's own JSON API (not DocuSign's REST API): what the page served at `/signing/` reads and
 * sends. The recipient's link carries its token in the URL fragment (`/signing/#<token>`), so it never
 * reaches access logs or a Referer header; the page sends it back in the `X-Signing-Token` header.
 *
 * Tab positions are resolved on the server (anchors included) into page coordinates: PDF points from the
 * top-left of the page, as DocuSign places tabs.
 */

export const SIGNING_TOKEN_HEADER = 'x-signing-token'

export const SigningTabType = StringEnum(FORM_TAB_TYPES)
export type SigningTabType = Static<typeof SigningTabType>

/** Where on which page. */
const Place = {
  documentId: Type.String(),
  pageNumber: Type.Integer({ minimum: 1 }),
  x: Type.Number({ description: 'PDF points from the left edge of the page.' }),
  y: Type.Number({ description: 'PDF points from the top edge of the page.' }),
}

const Placement = {
  ...Place,
  width: Type.Number({ minimum: 0 }),
  height: Type.Number({ minimum: 0 }),
}

export const SigningTab = Type.Object({
  tabId: Type.String(),
  type: SigningTabType,
  ...Placement,
  required: Type.Boolean(),
  /** Filled by the service (date, name, email) or by the sender: shown, not editable. */
  locked: Type.Boolean(),
  /**
   * An anchor tab whose anchor occurs in several places: each further place (the first is the tab's own).
   * The page shows the tab at each, one value for all, as completion draws it at each.
   */
  alsoAt: Type.Optional(Type.Array(Type.Object(Place))),
  label: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
  listItems: Type.Optional(Type.Array(Type.Object({ text: Type.String(), value: Type.String() }))),
  /** A text tab's rules (tabs/text-rules.ts): the page checks each entry as typed, the service on finish. */
  validationPattern: Type.Optional(Type.String()),
  validationMessage: Type.Optional(Type.String()),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  radios: Type.Optional(
    Type.Array(Type.Object({ value: Type.String(), ...Placement, selected: Type.Optional(Type.Boolean()) })),
  ),
  /**
   * Conditional display (tabs/conditional.ts): the tab is shown only while the recipient's tab
   * `tabId` is shown and holds `value` (`on`/`off` for a checkbox); hidden, it is neither required nor
   * sent.
   */
  conditionalParent: Type.Optional(Type.Object({ tabId: Type.String(), value: Type.String() })),
  /** On another recipient's completed tab: who filled it in. */
  signedBy: Type.Optional(Type.String()),
  /** On another recipient's completed signature or initials: the PNG data URL they adopted. */
  image: Type.Optional(Type.String()),
})
export type SigningTab = Static<typeof SigningTab>

/**
 * The disclosure a signer owes (`GET /signing/api/disclosure`, and the session's `disclosure`): `accepted`
 * once they agreed to the account's disclosure as it is now; `details`, what the account added to the
 * text or its own text, by language (signing/disclosure/text.ts `DisclosureDetails`); `version`, the
 * version shown, sent back with the agreement (signing/disclosure/rules.ts `disclosureVersion`).
 */
export const SessionDisclosure = Type.Object({
  accepted: Type.Boolean(),
  version: Type.String(),
  details: Type.Optional(
    Type.Object({ en: Type.Optional(DisclosureDetails), es: Type.Optional(DisclosureDetails) }),
  ),
})
export type SessionDisclosure = Static<typeof SessionDisclosure>

/**
 * `finished`: this recipient has signed, others have not yet; `completed`: everyone has signed (the signed
 * document can be downloaded); `copy`: a carbon copy, who only receives the documents; `reassigned`: this
 * signer assigned their part to someone else (the answer of a reassign; their links end with it).
 */
export const SigningState = StringEnum([
  'ready',
  'finished',
  'completed',
  'declined',
  'voided',
  'expired',
  'waiting',
  'copy',
  'reassigned',
])
export type SigningState = Static<typeof SigningState>

export const SigningSession = Type.Object({
  state: SigningState,
  /** `en` or `es` from the envelope's form-language field; absent: the page follows the browser. */
  language: Type.Optional(StringEnum(['en', 'es'])),
  envelope: Type.Object({
    envelopeId: Type.String(),
    emailSubject: Type.String(),
    emailBlurb: Type.Optional(Type.String()),
    senderName: Type.String(),
    brand: Type.Optional(
      Type.Object(
        {
          name: Type.String({ description: "The brand's company, else its name" }),
          colors: Type.Record(Type.String(), Type.String(), {
            description: '#RRGGBB by DocuSign colour name',
          }),
        },
        { description: "The envelope's brand, for the page header" },
      ),
    ),
  }),
  recipient: Type.Object({
    recipientId: Type.String(),
    name: Type.String(),
    email: Type.Optional(Type.String()),
    inPerson: Type.Boolean(),
    /** The sender's note to this recipient (DocuSign's `note`), shown as plain text with its line breaks. */
    note: Type.Optional(Type.String()),
  }),
  /** Whether the page offers "Assign to someone else" (signing/reassign/rules.ts). */
  canReassign: Type.Boolean(),
  /**
   * Present when this signer must agree to the Electronic Record and Signature Disclosure before signing
   * (the envelope's `useDisclosure`, signing/disclosure/).
   */
  disclosure: Type.Optional(SessionDisclosure),
  documents: Type.Array(
    Type.Object({
      documentId: Type.String(),
      name: Type.String(),
      pages: Type.Integer(),
      url: Type.String(),
    }),
  ),
  tabs: Type.Array(SigningTab),
  /**
   * What the recipients who already signed filled in (signatures, initials, dates, values), shown
   * read-only where the signed document will show them, as DocuSign does; their tab ids are prefixed with
   * their recipient id, so they never collide with this recipient's.
   */
  completedTabs: Type.Optional(Type.Array(SigningTab)),
})
export type SigningSession = Static<typeof SigningSession>

/** A PNG data URL of an adopted signature or initials, at most about 300 KB. */
const PngDataUrl = Type.String({ pattern: '^data:image/png;base64,[A-Za-z0-9+/=]+$', maxLength: 400_000 })

export const FinishSigningRequest = Type.Object({
  signature: Type.Optional(PngDataUrl),
  initials: Type.Optional(PngDataUrl),
  /** Entered values by tabId: text, `true`/`false` for checkboxes, the chosen value for lists and radios. */
  values: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 4000 })),
})
export type FinishSigningRequest = Static<typeof FinishSigningRequest>

/**
 * The agreement: `version` is the session's `disclosure.version`, what the page showed, and `language`
 * the language it showed it in (both optional; the certificate of completion prints that text).
 */
export const AcceptDisclosureRequest = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 64 })),
  language: Type.Optional(StringEnum(['en', 'es'])),
})
export type AcceptDisclosureRequest = Static<typeof AcceptDisclosureRequest>

export const DisclosureAccepted = Type.Object({ accepted: Type.Literal(true) })

export const DeclineSigningRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 2000 }),
})
export type DeclineSigningRequest = Static<typeof DeclineSigningRequest>

/** "Assign to someone else": who signs instead, and why (recorded in the audit trail). */
export const ReassignSigningRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ minLength: 1, maxLength: 100 }),
  reason: Type.String({ minLength: 1, maxLength: 2000 }),
})
export type ReassignSigningRequest = Static<typeof ReassignSigningRequest>

export const SigningOutcome = Type.Object({
  state: SigningState,
  /** Where the browser goes next: the embedding application's returnUrl with `?event=...`, when set. */
  redirectUrl: Type.Optional(Type.String()),
})
export type SigningOutcome = Static<typeof SigningOutcome>
