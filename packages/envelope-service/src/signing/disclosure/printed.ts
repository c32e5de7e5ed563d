import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parseFragment } from 'parse5'
import { DISCLOSURE_TEXT, type DisclosureDetails, type DisclosureLanguage } from './text.js'

/**
 * The disclosure as blocks of plain text, for print (the certificate of completion) and for the API's
 * HTML of the service's text (consumer-disclosure.ts): what the signing page showed
 * in `language`, as blocks of text. The service's text comes from its sections; an account's own text
 * (HTML that own-text.ts took only as formatting and links) from its tree: headings stay headings,
 * paragraphs, list items, table rows and line breaks become blocks, and a link whose address is not its
 * text keeps the address in brackets, as paper cannot be clicked. Pure.
 */

export interface PrintedBlock {
  kind: 'heading' | 'paragraph' | 'item'
  text: string
}

export interface PrintedDisclosure {
  title: string
  blocks: PrintedBlock[]
  /** The sentence the signer ticked. */
  agreement: string
}

export function printedDisclosure(
  language: DisclosureLanguage,
  /** The name the text speaks for unless the account set its own (the envelope's sender). */
  sender: string,
  details: DisclosureDetails = {},
): PrintedDisclosure {
  const text = DISCLOSURE_TEXT[language]
  const blocks =
    details.ownText !== undefined
      ? ownTextBlocks(details.ownText)
      : serviceTextBlocks(language, sender, details)
  return { title: text.title, blocks, agreement: text.agree }
}

/**
 * This service's text under its title, with what the account added: the introduction, then each
 * section's heading and text. The account's `companyName`, when set, is the name it speaks for.
 */
export function serviceTextBlocks(
  language: DisclosureLanguage,
  sender: string,
  details: DisclosureDetails = {},
): PrintedBlock[] {
  const text = DISCLOSURE_TEXT[language]
  const company = details.companyName ?? sender
  return [
    { kind: 'paragraph', text: text.intro(company) },
    ...text.sections(company, details).flatMap((section): PrintedBlock[] => [
      { kind: 'heading', text: section.heading },
      { kind: 'paragraph', text: section.text },
    ]),
  ]
}

type Node = DefaultTreeAdapterTypes.ChildNode

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'dt'])
const ITEMS = new Set(['li'])
/** Elements that start and end a block of their own (the others flow inside the current one). */
const BLOCKS = new Set(['p', 'div', 'blockquote', 'dd', 'tr', 'ul', 'ol', 'dl', 'table', 'hr'])

/** The blocks of an own text, in reading order; whitespace runs become one space, empty blocks go. */
export function ownTextBlocks(html: string): PrintedBlock[] {
  const blocks: PrintedBlock[] = []
  let current: PrintedBlock = { kind: 'paragraph', text: '' }
  const flush = () => {
    const text = current.text.replace(/\s+/g, ' ').trim()
    if (text !== '') blocks.push({ kind: current.kind, text })
    current = { kind: 'paragraph', text: '' }
  }
  const walk = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (defaultTreeAdapter.isTextNode(node)) {
        current.text += node.value
        continue
      }
      if (!defaultTreeAdapter.isElementNode(node)) continue
      const name = node.tagName
      if (name === 'br') {
        flush()
        continue
      }
      const heading = HEADINGS.has(name)
      const item = ITEMS.has(name)
      if (heading || item || BLOCKS.has(name)) {
        // A paragraph that opens a list item or a heading is that item or heading.
        const opened = current.text.trim() === '' ? current.kind : 'paragraph'
        flush()
        current.kind = heading ? 'heading' : item ? 'item' : opened
        walk(node.childNodes)
        flush()
        continue
      }
      if (name === 'td' || name === 'th') {
        if (current.text.trim() !== '') current.text += ' · '
        walk(node.childNodes)
        continue
      }
      walk(node.childNodes)
      if (name === 'a') {
        const href = node.attrs.find((attribute) => attribute.name === 'href')?.value
        const shown = textOf(node).replace(/\s+/g, ' ').trim()
        const address = href?.replace(/^(mailto|tel):/i, '')
        if (href && address && shown !== address && shown !== href) current.text += ` (${href})`
      }
    }
  }
  walk(parseFragment(html).childNodes)
  flush()
  return blocks
}

function textOf(node: Node): string {
  if (defaultTreeAdapter.isTextNode(node)) return node.value
  return defaultTreeAdapter.isElementNode(node) ? node.childNodes.map(textOf).join('') : ''
}
