import { createContext, useContext } from 'react'
import type { Account, UserInfo } from './api.js'
import type { Dictionary, Language } from './i18n.js'

/** What every screen needs: the person, their account, and their language's words. */
export interface AppContext {
  user: UserInfo
  account: Account
  language: Language
  t: Dictionary
}

export const Session = createContext<AppContext | undefined>(undefined)

export function useSession(): AppContext {
  const session = useContext(Session)
  if (!session) throw new Error('useSession outside a signed-in app')
  return session
}
