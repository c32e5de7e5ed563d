/** One identity check of a recipient, as the certificate of completion lists it. */
export interface AuthenticationEvent {
  /** e.g. `Access code`, `SMS`. */
  method: string
  /** `locked`: the attempts ran out and the recipient was locked out. */
  result: 'passed' | 'failed' | 'locked'
  at: Date
}
