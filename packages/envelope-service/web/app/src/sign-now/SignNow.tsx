import { useState } from 'react'
import { accountPath, sendJson } from '../api.js'
import { useSession } from '../context.js'
import type { Envelope } from '../envelope.js'
import { refusalText } from '../refusal.js'
import { navigate } from '../router.js'
import { SIGN_NOW_WORDS } from './words.js'
import { returnUrlOf, yourTurn } from './your-turn.js'

/** What the signing page said on the way back (`?event=`), read once and then taken out of the address. */
function returnedEvent(): string | undefined {
  const event = new URLSearchParams(location.search).get('event') ?? undefined
  if (event) navigate(location.pathname, { replace: true })
  return event
}

/**
 * "Sign now": when the signed-in person is the signer whose turn it is, the app asks the API for a
 * recipient view (`POST .../views/recipient`, no clientUserId: the caller signs as themself) and opens
 * the signing page, which comes back here with DocuSign's `event`.
 */
export function SignNow({ envelope }: { envelope: Envelope }) {
  const { account, language, user, t } = useSession()
  const words = SIGN_NOW_WORDS[language]
  const [returned] = useState(returnedEvent)
  const [state, setState] = useState<{ opening: boolean; problem?: string }>({ opening: false })
  const signer = yourTurn(envelope, user.email)

  const open = async () => {
    if (!signer) return
    setState({ opening: true })
    try {
      const view = await sendJson<{ url: string }>(
        'POST',
        accountPath(
          account.account_id,
          `/envelopes/${encodeURIComponent(envelope.envelopeId)}/views/recipient`,
        ),
        {
          returnUrl: returnUrlOf(location.origin, envelope.envelopeId),
          authenticationMethod: 'none',
          recipientId: signer.recipientId,
          userName: signer.name ?? user.name,
          email: signer.email ?? user.email,
        },
      )
      location.assign(view.url)
    } catch (error) {
      setState({ opening: false, problem: refusalText(error, language, t) })
    }
  }

  return (
    <>
      {returned && (
        <p role="status" className="notice-line">
          {words.returned[returned] ?? returned}
        </p>
      )}
      {signer && (
        <div className="notice sign-now">
          <p>{words.yourTurn}</p>
          <button type="button" disabled={state.opening} onClick={() => void open()}>
            {state.opening ? words.opening : words.signNow}
          </button>
          {state.problem && (
            <p role="alert" className="error">
              {state.problem}
            </p>
          )}
        </div>
      )}
    </>
  )
}
