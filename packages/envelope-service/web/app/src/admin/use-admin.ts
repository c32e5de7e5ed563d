import { useEffect, useState } from 'react'
import { accountPath, getJson } from '../api.js'
import { useSession } from '../context.js'

/**
 * Whether the signed-in person administers the account, from DocuSign's Users API (`isAdmin` of their own
 * user). Asked once per account and person: the Connect and Settings screens and their links appear only
 * for administrators (the API refuses the others anyway).
 */
const asked = new Map<string, Promise<boolean>>()

export function useIsAdmin(): boolean | undefined {
  const { account, user } = useSession()
  const key = `${account.account_id}/${user.sub}`
  const [admin, setAdmin] = useState<boolean | undefined>()
  useEffect(() => {
    let question = asked.get(key)
    if (!question) {
      question = getJson<{ isAdmin?: string }>(
        accountPath(account.account_id, `/users/${encodeURIComponent(user.sub)}`),
      ).then(
        (found) => found.isAdmin?.toLowerCase() === 'true',
        () => false,
      )
      asked.set(key, question)
    }
    let current = true
    void question.then((value) => {
      if (current) setAdmin(value)
    })
    return () => {
      current = false
    }
  }, [key, account.account_id, user.sub])
  return admin
}
