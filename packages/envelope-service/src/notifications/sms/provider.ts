import type { DeliveryResult, SmsMessage } from '../../messages/message.js'

/** An SMS gateway. `send` never throws: every failure is a retry-later or a permanent failure. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<DeliveryResult>
}
