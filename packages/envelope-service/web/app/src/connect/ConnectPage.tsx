import '../admin/admin.css'
import { useState } from 'react'
import { accountPath } from '../api.js'
import { useSession } from '../context.js'
import { Configurations } from './Configurations.js'
import { ConnectKeys } from './ConnectKeys.js'
import { Deliveries } from './Deliveries.js'
import { CONNECT_WORDS } from './words.js'

/**
 * The account's Connect: configurations with their delivery counts, the account's Connect keys, and the
 * delivery log and failures with what was sent and answered. Every section reloads after any action, so
 * a retry shows up in the counts, the log and the failures at once.
 */
export function ConnectPage() {
  const { account, language } = useSession()
  const words = CONNECT_WORDS[language]
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<string | undefined>()
  const path = (rest: string) => accountPath(account.account_id, rest)
  const changed = (message?: string) => {
    setNotice(message)
    setVersion((value) => value + 1)
  }
  return (
    <div className="admin-page">
      <h1>{words.title}</h1>
      <p className="muted">{words.intro}</p>
      <p role="status" className="notice-line">
        {notice}
      </p>
      <Configurations path={path} version={version} onChanged={changed} />
      <ConnectKeys path={path} version={version} />
      <Deliveries path={path} version={version} onChanged={changed} />
    </div>
  )
}
