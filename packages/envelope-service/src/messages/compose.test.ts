import { characterCount } from 'esign-contract'
import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { MessageKind } from '../lifecycle/model.js'
import { type CompositionInput, composeMessages, escapeHtml, SMS_BRAND_LIMIT } from './compose.js'
import type { EmailMessage, SmsMessage } from './message.js'

const base: CompositionInput = {
  kind: 'invitation',
  language: 'en',
  channel: 'email',
  envelope: { emailSubject: 'Service Agreement', emailBlurb: 'Please review.', senderName: 'Sam Sender' },
  recipient: { name: 'Ana', email: 'ana@example.test', phone: { countryCode: '57', number: '3001234567' } },
  link: 'https://sign.example.test/s/tok',
}
const email = (input: Partial<CompositionInput>) => composeMessages({ ...base, ...input })[0] as EmailMessage
const sms = (input: Partial<CompositionInput>) =>
  composeMessages({ ...base, channel: 'sms', ...input })[0] as SmsMessage

describe('composeMessages: channels', () => {
  it('sends SMS only for an SMS recipient, so the placeholder email never receives mail', () => {
    const messages = composeMessages({
      ...base,
      channel: 'sms',
      recipient: { ...base.recipient, email: 'placeholder@x' },
    })
    expect(messages.map((message) => message.channel)).toEqual(['sms'])
  })

  it('sends both for an email recipient with an SMS notification, and email alone otherwise', () => {
    expect(composeMessages({ ...base, channel: 'both' }).map((message) => message.channel)).toEqual([
      'email',
      'sms',
    ])
    expect(composeMessages(base).map((message) => message.channel)).toEqual(['email'])
  })

  it('needs an email for email and a valid phone for SMS', () => {
    expect(() => composeMessages({ ...base, recipient: { name: 'Ana' } })).toThrow(InvalidRequestError)
    expect(() => composeMessages({ ...base, channel: 'sms', recipient: { phone: '+57 12' } })).toThrow(
      'is not a valid phone number',
    )
  })

  it('refuses links that are not http(s)', () => {
    expect(() => composeMessages({ ...base, link: 'javascript:alert(1)' })).toThrow('http(s) URL')
  })
})

describe('composeMessages: email', () => {
  it('uses the envelope subject, sender name, blurb and personal link in plain text and HTML', () => {
    const message = email({})
    expect(message).toMatchObject({
      to: { name: 'Ana', address: 'ana@example.test' },
      fromName: 'Sam Sender via Inkwell',
      subject: 'Service Agreement',
    })
    expect(message.text).toBe(
      [
        'Hello Ana,',
        'Sam Sender sent you a document to review and sign.',
        'Please review.',
        'Review and sign: https://sign.example.test/s/tok',
        'Do not share this link: it lets anyone who has it act on this document as you.',
      ].join('\n\n'),
    )
    expect(message.html).toContain('<a href="https://sign.example.test/s/tok"')
    expect(message.html).toContain('<html lang="en">')
  })

  it('escapes every value in the HTML part', () => {
    const message = email({
      envelope: { emailSubject: '<script>x</script>', emailBlurb: 'a & b "c"', senderName: "O'Brien <b>" },
      recipient: { name: '<img src=x>', email: 'a@b.test' },
    })
    expect(message.html).not.toContain('<script>')
    expect(message.html).not.toContain('<img')
    expect(message.html).not.toContain('<b>')
    expect(message.html).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(message.html).toContain('a &amp; b &quot;c&quot;')
    expect(message.html).toContain('O&#39;Brien &lt;b&gt;')
    expect(message.text).toContain('<img src=x>')
  })

  it('writes Spanish when asked', () => {
    const message = email({ language: 'es', kind: 'reminder' })
    expect(message.subject).toBe('Recordatorio: Service Agreement')
    expect(message.fromName).toBe('Sam Sender a través de Inkwell')
    expect(message.text).toContain('Hola, Ana:')
    expect(message.text).toContain('Sam Sender aún espera su firma en este documento.')
    expect(message.html).toContain('<html lang="es">')
  })

  const subjects: Record<MessageKind, [string, string]> = {
    invitation: ['Service Agreement', 'Service Agreement'],
    copy: ['Service Agreement', 'Service Agreement'],
    reminder: ['Reminder: Service Agreement', 'Recordatorio: Service Agreement'],
    expiryWarning: ['Expiring soon: Service Agreement', 'Vence pronto: Service Agreement'],
    completed: ['Completed: Service Agreement', 'Completado: Service Agreement'],
    declined: ['Declined: Service Agreement', 'Rechazado: Service Agreement'],
    voided: ['Voided: Service Agreement', 'Anulado: Service Agreement'],
    senderDeclined: ['Declined: Service Agreement', 'Rechazado: Service Agreement'],
    senderReassigned: ['Reassigned: Service Agreement', 'Reasignado: Service Agreement'],
  }
  for (const [kind, [english, spanish]] of Object.entries(subjects)) {
    it(`titles the ${kind} message in both languages`, () => {
      expect(email({ kind: kind as MessageKind }).subject).toBe(english)
      expect(email({ kind: kind as MessageKind, language: 'es' }).subject).toBe(spanish)
    })
  }

  it('links the signed document on completion, without the signing-link warning', () => {
    const message = email({ kind: 'completed', link: 'https://sign.example.test/documents/signed.pdf' })
    expect(message.text).toContain(
      'Download the signed document: https://sign.example.test/documents/signed.pdf',
    )
    expect(message.text).not.toContain('Do not share')
    expect(message.text).not.toContain('Please review.')
  })

  it('quotes the reason in decline and void notices, and the date in the expiry warning', () => {
    expect(email({ kind: 'voided', reason: 'Wrong terms', link: undefined }).text).toContain(
      'Sam Sender voided this document. Reason: Wrong terms',
    )
    expect(email({ kind: 'declined', language: 'es', reason: 'No', link: undefined }).text).toContain(
      'Motivo: No',
    )
    const expiresAt = new Date('2026-12-24T10:00:00Z')
    expect(email({ kind: 'expiryWarning', expiresAt }).text).toContain('expires on December 24, 2026 (UTC)')
    expect(email({ kind: 'expiryWarning', expiresAt, language: 'es' }).text).toContain(
      'vence el 24 de diciembre de 2026',
    )
  })
})

describe('composeMessages: the invitation of a signer who took over another’s part', () => {
  it('says who handed it on and quotes their message, in plain text and HTML', () => {
    const mail = email({ reassignedBy: 'Rita <Reassigns>', reason: 'I am on leave.\nNora signs.' })
    expect(mail.text).toContain('Rita <Reassigns> asked you to review and sign this document from Sam Sender')
    expect(mail.text).toContain('Their message: I am on leave.\nNora signs.')
    expect(mail.text).toContain('Please review.')
    expect(mail.html).toContain('Rita &lt;Reassigns&gt; asked you')
    expect(mail.html).toContain('Their message: I am on leave.<br>Nora signs.')
  })

  it('writes Spanish when asked, and leaves the message out when there is none', () => {
    const mail = email({ language: 'es', reassignedBy: 'Rita' })
    expect(mail.text).toContain('Rita le pidió que revise y firme en su lugar este documento de Sam Sender.')
    expect(mail.text).not.toContain('Su mensaje')
  })

  it('is an ordinary invitation without reassignedBy, and only an invitation quotes it', () => {
    expect(email({ reason: 'ignored' }).text).toContain('Sam Sender sent you a document to review and sign.')
    expect(email({ reason: 'ignored' }).text).not.toContain('ignored')
    expect(email({ kind: 'reminder', reassignedBy: 'Rita', reason: 'x' }).text).not.toContain('Rita')
  })
})

describe('composeMessages: notices to the sender', () => {
  const notice = (language: 'en' | 'es', extra: Partial<CompositionInput> = {}) =>
    email({
      kind: 'senderDeclined',
      language,
      recipient: { name: 'Sam Sender', email: 'sam@example.test' },
      about: 'Ana Ruiz',
      reason: 'Wrong <amount>',
      link: undefined,
      ...extra,
    })

  it('names who declined and quotes the reason, from the product rather than "<sender> via"', () => {
    const message = notice('en')
    expect(message).toMatchObject({
      to: { name: 'Sam Sender', address: 'sam@example.test' },
      fromName: 'Inkwell',
      subject: 'Declined: Service Agreement',
    })
    expect(message.text).toBe(
      'Hello Sam Sender,\n\nAna Ruiz declined to sign this document. Reason: Wrong <amount>',
    )
    expect(message.html).toContain('Reason: Wrong &lt;amount&gt;')
    expect(message.text).not.toContain('Please review.')
  })

  it('writes Spanish when asked', () => {
    expect(notice('es').text).toContain('Ana Ruiz rechazó firmar este documento. Motivo: Wrong <amount>')
  })

  it('says who handed their part to whom on a reassign, and quotes their message', () => {
    const reassigned = { kind: 'senderReassigned', replacement: 'Nora <N>', reason: 'On leave.' } as const
    const english = notice('en', reassigned)
    expect(english.fromName).toBe('Inkwell')
    expect(english.text).toContain(
      'Ana Ruiz asked Nora <N> to sign this document in their place. Their message: On leave.',
    )
    expect(english.html).toContain('Ana Ruiz asked Nora &lt;N&gt; to sign')
    expect(notice('es', reassigned).text).toContain(
      'Ana Ruiz pidió a Nora <N> que firme este documento en su lugar. Su mensaje: On leave.',
    )
  })
})

describe('composeMessages: SMS', () => {
  it('is short, carries the link, and goes to the E.164 number', () => {
    const message = sms({})
    expect(message).toEqual({
      channel: 'sms',
      to: '+573001234567',
      body: 'Inkwell: Sam Sender sent you "Service Agreement" to sign: https://sign.example.test/s/tok',
    })
    expect(sms({ language: 'es' }).body).toBe(
      'Inkwell: Sam Sender le envió "Service Agreement" para firmar: https://sign.example.test/s/tok',
    )
  })

  it('shortens long subjects and keeps placeholders inside values as text', () => {
    const body = sms({ envelope: { ...base.envelope, emailSubject: `{link} ${'x'.repeat(100)}` } }).body
    expect(body).toContain(`"{link} ${'x'.repeat(32)}…"`)
    expect(body.length).toBeLessThan(160)
  })
})

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})

describe('composeMessages: what the CRM already wrote', () => {
  const crmSubject = 'Inkwell: Documentos para su firma'
  it('quotes a subject without the product prefix where the message adds its own word or prefix', () => {
    const envelope = { ...base.envelope, emailSubject: 'Inkwell: Please sign your Service Agreement' }
    expect(email({ envelope }).subject).toBe('Inkwell: Please sign your Service Agreement')
    expect(email({ envelope, kind: 'completed' }).subject).toBe(
      'Completed: Please sign your Service Agreement',
    )
    expect(
      sms({ language: 'es', kind: 'completed', envelope: { ...envelope, emailSubject: crmSubject } }).body,
    ).toBe(
      'Inkwell: "Documentos para su firma" está completo. Documento firmado: https://sign.example.test/s/tok',
    )
    // A subject that is nothing but the prefix is kept whole.
    expect(email({ kind: 'completed', envelope: { ...envelope, emailSubject: 'Inkwell:' } }).subject).toBe(
      'Completed: Inkwell:',
    )
  })

  it('does not greet twice when the sender message opens with its own greeting, in either language', () => {
    for (const [language, blurb] of [
      ['en', 'Hello,\n\nPlease review the agreement.'],
      ['es', 'Hola:\n\nRevise el contrato.'],
    ] as const) {
      const message = email({ language, envelope: { ...base.envelope, emailBlurb: blurb } })
      expect(
        message.text.startsWith(blurb.split('\n')[0] === 'Hello,' ? 'Sam Sender sent' : 'Sam Sender le'),
      ).toBe(true)
      expect(message.text).toContain(blurb)
      expect(message.html.match(/Hello|Hola/g)).toHaveLength(1)
    }
    expect(email({}).text.startsWith('Hello Ana,')).toBe(true)
  })

  it('keeps the line breaks of the sender message in the HTML part', () => {
    const blurb = 'First template.\n\n────────────────────\n\nSecond template.'
    const html = email({ envelope: { ...base.envelope, emailBlurb: blurb } }).html
    expect(html).toContain('First template.<br><br>────────────────────<br><br>Second template.')
  })
})

describe('composeMessages: a brand', () => {
  const brand = {
    displayName: 'Acme <Corp>',
    colors: { headerBackground: '#112233', buttonPrimaryText: '#000000' },
  }

  it('names the brand in the From name, a header in its colours and a footer, escaped in the HTML', () => {
    const message = email({ brand })
    expect(message.fromName).toBe('Sam Sender (Acme <Corp>) via Inkwell')
    expect(message.text.split('\n\n')[0]).toBe('Acme <Corp>')
    expect(message.text).toContain('Sent on behalf of Acme <Corp> by Inkwell.')
    expect(message.html).toContain('<header style="background:#112233;color:#ffffff;')
    expect(message.html).toContain('Acme &lt;Corp&gt;</header>')
    expect(message.html).toContain('background:#1d4ed8;color:#000000')
    expect(message.html).toContain('<footer')
  })

  it('writes the footer in Spanish when asked', () => {
    const message = email({ brand, language: 'es' })
    expect(message.fromName).toBe('Sam Sender (Acme <Corp>) a través de Inkwell')
    expect(message.text).toContain('Enviado en nombre de Acme <Corp> por Inkwell.')
  })

  it('leaves notices to the sender unbranded', () => {
    const notice = email({ brand, kind: 'senderDeclined', about: 'Ana', reason: 'No', link: undefined })
    expect(notice.fromName).toBe('Inkwell')
    expect(notice.html).not.toContain('<header')
    expect(notice.text).not.toContain('Acme')
    const text = sms({ brand, kind: 'senderDeclined', about: 'Ana', reason: 'No', link: undefined })
    expect(text.body.startsWith('Inkwell: ')).toBe(true)
  })

  it("names the brand in front of an SMS, in the recipient's language, cut short when long", () => {
    expect(sms({ brand }).body.startsWith('Acme <Corp> via Inkwell: Sam Sender sent you')).toBe(true)
    expect(sms({ brand, language: 'es' }).body.startsWith('Acme <Corp> a través de Inkwell: ')).toBe(true)
    const long = { ...brand, displayName: 'The Very Long Company Name of Acme Holdings' }
    const body = sms({ brand: long }).body
    expect(
      body.startsWith(
        `${'The Very Long Company Name of Acme Holdings'.slice(0, SMS_BRAND_LIMIT - 1)}… via Inkwell: `,
      ),
    ).toBe(true)
    // Whatever the name, the SMS is the unbranded one with at most SMS_BRAND_LIMIT characters in front.
    const plain = sms({}).body
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (displayName) => {
        const branded = sms({ brand: { ...brand, displayName } }).body
        if (displayName.trim() === '') {
          expect(branded).toBe(plain)
        } else {
          expect(branded.endsWith(` via ${plain}`)).toBe(true)
          const prefix = branded.slice(0, branded.length - ` via ${plain}`.length)
          expect(characterCount(prefix)).toBeLessThanOrEqual(SMS_BRAND_LIMIT)
        }
      }),
    )
  })
})
