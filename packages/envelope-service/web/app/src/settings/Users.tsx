import { useState } from 'react'
import { useLoaded } from '../admin/use-resource.js'
import { ADMIN_WORDS } from '../admin/words.js'
import { call, getJson, sendJson } from '../api.js'
import { useSession } from '../context.js'
import { Dialog } from '../Dialog.js'
import { refusalText } from '../refusal.js'
import { SignInEvents } from '../security/SignInHistory.js'
import { PROFILES, type Profile, SETTINGS_WORDS } from './words.js'

interface User {
  userId: string
  userName: string
  email: string
  userStatus: string
  permissionProfileName: string
}

interface NewUsersResult {
  newUsers: { email: string; errorDetails?: { message: string } }[]
}

/**
 * Every user of the account, page after page: the list answers at most 100 at a time (`nextUri`). Its
 * former members (deactivated) only with `status=Closed`.
 */
async function readAllUsers(accountPath: string, query = ''): Promise<{ users: User[] }> {
  const users: User[] = []
  for (let next: string | undefined = `/users${query}`; next !== undefined; ) {
    const page: { users: User[]; nextUri?: string } = await getJson(`${accountPath}${next}`)
    users.push(...page.users)
    next = page.nextUri
  }
  return { users }
}

const readFormerUsers = (accountPath: string) => readAllUsers(accountPath, '?status=Closed')

/** DocuSign's Users API: the account's users, an invitation by email, each one's permission, deactivation. */
export function Users(props: {
  path: (rest: string) => string
  onNotice: (message: string) => void
  /** Called after a user is invited, changed or deactivated. */
  onChanged: () => void
}) {
  const { language, t, user: me } = useSession()
  const words = SETTINGS_WORDS[language]
  const admin = ADMIN_WORDS[language]
  const [version, setVersion] = useState(0)
  const users = useLoaded(readAllUsers, props.path(''), version)
  const former = useLoaded(readFormerUsers, props.path(''), version)
  const [inviting, setInviting] = useState(false)
  const [invite, setInvite] = useState({ userName: '', email: '', permissionProfileName: 'DocuSign Sender' })
  const [problem, setProblem] = useState<string | undefined>()

  const run = async (action: () => Promise<string>) => {
    try {
      props.onNotice(await action())
    } catch (error) {
      props.onNotice(refusalText(error, language, t))
    }
    setVersion((value) => value + 1)
    props.onChanged()
  }

  const sendInvite = async () => {
    setProblem(undefined)
    try {
      const result = await sendJson<NewUsersResult>('POST', props.path('/users'), {
        newUsers: [{ ...invite, userName: invite.userName.trim(), email: invite.email.trim() }],
      })
      const refused = result.newUsers[0]?.errorDetails
      if (refused) {
        setProblem(refusalText(refused, language, t))
        return
      }
      setInviting(false)
      props.onNotice(words.invited(invite.email.trim()))
      setInvite({ userName: '', email: '', permissionProfileName: 'DocuSign Sender' })
      setVersion((value) => value + 1)
      props.onChanged()
    } catch (error) {
      setProblem(refusalText(error, language, t))
    }
  }

  const list = users.data?.users ?? []
  return (
    <section aria-labelledby="users-title">
      <div className="section-head">
        <h2 id="users-title">
          {words.users}{' '}
          {users.data && <span className="muted count-note">({words.userCount(list.length)})</span>}
        </h2>
        <button type="button" onClick={() => setInviting(true)}>
          {words.invite}
        </button>
      </div>
      {users.failed && <p role="alert">{t.failed}</p>}
      {!users.data && !users.failed && <p role="status">{t.loading}</p>}
      <ul className="cards">
        {list.map((user) => {
          const self = user.userId === me.sub
          return (
            <li key={user.userId} className="card">
              <div className="card-head">
                <h3>
                  {user.userName} {self && <span className="muted">{words.you}</span>}
                </h3>
                <span
                  className={`badge ${user.userStatus === 'Active' ? 'status-completed' : 'status-sent'}`}
                >
                  {words.userStatus[user.userStatus] ?? user.userStatus}
                </span>
              </div>
              <p className="url">{user.email}</p>
              <div className="row-buttons">
                <label>
                  <span className="visually-hidden">{words.permissionOf(user.userName)}</span>
                  <select
                    value={user.permissionProfileName}
                    disabled={self}
                    onChange={(event) =>
                      void run(async () => {
                        await sendJson('PUT', props.path(`/users/${encodeURIComponent(user.userId)}`), {
                          permissionProfileName: event.target.value,
                        })
                        return words.changed(user.userName)
                      })
                    }
                  >
                    {PROFILES.map((profile) => (
                      <option key={profile} value={profile}>
                        {words.profile[profile]}
                      </option>
                    ))}
                  </select>
                </label>
                {!self && (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={words.deactivateUser(user.userName)}
                    onClick={() =>
                      void run(async () => {
                        await call(props.path('/users'), {
                          method: 'DELETE',
                          headers: { 'content-type': 'application/json' },
                          body: JSON.stringify({ users: [{ userId: user.userId }] }),
                        })
                        return words.deactivated(user.userName)
                      })
                    }
                  >
                    {words.deactivate}
                  </button>
                )}
              </div>
              <MemberSignIns
                path={props.path(`/users/${encodeURIComponent(user.userId)}/sign_in_history?count=20`)}
                userName={user.userName}
              />
            </li>
          )
        })}
      </ul>
      {former.data && former.data.users.length > 0 && (
        <details className="former-members">
          <summary>{words.formerMembers(former.data.users.length)}</summary>
          <p className="muted">{words.formerNote}</p>
          <ul className="cards">
            {former.data.users.map((user) => (
              <li key={user.userId} className="card">
                <div className="card-head">
                  <h3>{user.userName}</h3>
                  <span className="badge status-voided">
                    {words.userStatus[user.userStatus] ?? user.userStatus}
                  </span>
                </div>
                <p className="url">{user.email}</p>
                <MemberSignIns
                  path={props.path(`/users/${encodeURIComponent(user.userId)}/sign_in_history?count=20`)}
                  userName={user.userName}
                />
              </li>
            ))}
          </ul>
        </details>
      )}
      {inviting && (
        <Dialog
          title={words.inviteTitle}
          submitLabel={words.inviteButton}
          cancelLabel={admin.cancel}
          onSubmit={sendInvite}
          onClose={() => setInviting(false)}
        >
          <label className="field">
            <span>{words.name}</span>
            <input
              required
              maxLength={200}
              value={invite.userName}
              onChange={(event) => setInvite({ ...invite, userName: event.target.value })}
            />
          </label>
          <label className="field">
            <span>{words.email}</span>
            <input
              required
              type="email"
              maxLength={320}
              value={invite.email}
              onChange={(event) => setInvite({ ...invite, email: event.target.value })}
            />
          </label>
          <label className="field">
            <span>{words.permission}</span>
            <select
              value={invite.permissionProfileName}
              onChange={(event) =>
                setInvite({ ...invite, permissionProfileName: event.target.value as Profile })
              }
            >
              {PROFILES.map((profile) => (
                <option key={profile} value={profile}>
                  {words.profile[profile]}
                </option>
              ))}
            </select>
          </label>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
        </Dialog>
      )}
    </section>
  )
}

/** A member's recent sign-ins, read when the administrator opens them. */
function MemberSignIns(props: { path: string; userName: string }) {
  const { language } = useSession()
  const words = SETTINGS_WORDS[language]
  const [open, setOpen] = useState(false)
  return (
    <details className="member-sign-ins" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {words.recentSignIns}
        <span className="visually-hidden"> {words.ofUser(props.userName)}</span>
      </summary>
      {open && (
        <>
          <p className="muted">{words.memberSignInsNote}</p>
          <SignInEvents path={props.path} />
        </>
      )}
    </details>
  )
}
