import '../admin/admin.css'
import { useState } from 'react'
import { accountPath } from '../api.js'
import { useSession } from '../context.js'
import { AccountDefaults } from './AccountDefaults.js'
import { Disclosure } from './Disclosure.js'
import { IntegrationKeys } from './IntegrationKeys.js'
import { TwoStepPolicy } from './TwoStepPolicy.js'
import { Users } from './Users.js'
import { SETTINGS_WORDS } from './words.js'

/**
 * The account's settings: its users, its integration keys, its reminder and expiration defaults, its
 * electronic record disclosure, and whether it requires two-step sign-in.
 */
export function SettingsPage() {
  const { account, language } = useSession()
  const words = SETTINGS_WORDS[language]
  const [notice, setNotice] = useState<string | undefined>()
  // Bumped when the Users section changes someone, so the Sign-in section's list of who has not set up
  // two-step sign-in follows (a deactivated member leaves it, an invited one joins it).
  const [usersVersion, setUsersVersion] = useState(0)
  const path = (rest: string) => accountPath(account.account_id, rest)
  return (
    <div className="admin-page">
      <h1>{words.title}</h1>
      <p role="status" className="notice-line">
        {notice}
      </p>
      <Users path={path} onNotice={setNotice} onChanged={() => setUsersVersion((value) => value + 1)} />
      <IntegrationKeys path={path} onNotice={setNotice} />
      <AccountDefaults path={path} onNotice={setNotice} />
      <Disclosure path={path} onNotice={setNotice} />
      <TwoStepPolicy path={path} onNotice={setNotice} usersVersion={usersVersion} />
    </div>
  )
}
