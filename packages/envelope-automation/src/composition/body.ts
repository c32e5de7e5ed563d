import type { Language } from './language.js'
import { SERVICE_NAME } from './subject.js'

/**
 * Subject and body composition rule 2: a greeting, the bodies of the chosen templates in their order
 * separated by a visual divider, then a sign-off, in the language the flow chose. Templates without a body
 * add nothing (no empty section between two dividers).
 */
export const BODY_DIVIDER = '\n\n────────────────────\n\n'

// One blurb goes to every recipient (signer and coordinator alike), so the greeting names nobody.
const WORDING: Record<Language, { greeting: string; signOff: string; defaultSubject: string }> = {
  en: {
    greeting: 'Hello,',
    signOff: `Thank you,\n${SERVICE_NAME}`,
    defaultSubject: 'Documents for your signature',
  },
  es: { greeting: 'Hola:', signOff: `Gracias,\n${SERVICE_NAME}`, defaultSubject: 'Documentos para su firma' },
}

export function composeBody(input: { language: Language; templateBodies: string[] }): string {
  const wording = WORDING[input.language]
  const bodies = input.templateBodies.map((body) => body.trim()).filter((body) => body !== '')
  return [wording.greeting, ...(bodies.length ? [bodies.join(BODY_DIVIDER)] : []), wording.signOff].join(
    '\n\n',
  )
}

/** Subject text when the sender gave none: the subject still says what the email is about. */
export function defaultSubjectText(language: Language): string {
  return WORDING[language].defaultSubject
}
