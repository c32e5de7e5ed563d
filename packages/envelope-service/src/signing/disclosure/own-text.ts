import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parseFragment, serialize } from 'parse5'
import { urlScheme } from '../../documents/conversion/html-sanitize.js'

/**
 * An account's own disclosure text (DocuSign's `custom: "true"` with its `esignText`), checked before it
 * is stored. The signing page puts it in the page as HTML, so it may hold only formatting: the elements
 * and attributes below, links to web pages, mail addresses and phone numbers. Anything else (a script, an
 * image, a form, a style, an event handler, a `javascript:` link) is refused with a 400 that names it,
 * rather than removed: the account would otherwise publish a text other than the one it sent.
 *
 * The text is parsed as the HTML standard parses a fragment (parse5, the same algorithm a browser runs)
 * and stored as parse5 writes it back: the tree is the one the browser builds, so what was checked is
 * what the page shows, whatever entity, case or nesting tricks the source used. Comments are left out
 * (nobody sees them). Every link opens in a new tab, away from the signing page (`target`, `rel`).
 */

/** The elements an own text may use: headings, paragraphs, lists, tables, emphasis and links. */
export const OWN_TEXT_ELEMENTS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'mark',
  'abbr',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const
const ELEMENTS = new Set<string>(OWN_TEXT_ELEMENTS)

/** Attributes any element may carry: none of them loads, runs or styles anything. */
const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir'])
/** Attributes of one element. `target` and `rel` of a link are taken and then set (see above). */
const ELEMENT_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  ol: new Set(['start', 'type', 'reversed']),
  li: new Set(['value']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  td: new Set(['colspan', 'rowspan']),
}
/** Where a link may lead. */
export const OWN_TEXT_LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const
const LINK_SCHEMES = new Set<string>(OWN_TEXT_LINK_SCHEMES)

/** The longest own text taken, in characters: some forty pages of prose. */
export const OWN_TEXT_MAX_LENGTH = 100_000

type Node = DefaultTreeAdapterTypes.ChildNode
type ParentNode = DefaultTreeAdapterTypes.ParentNode

/**
 * The own text as stored and shown, or the problems that refuse it (each named once, in the order met).
 * Checking the stored text again gives it back unchanged.
 */
export function checkOwnText(source: string): { html: string } | { problems: string[] } {
  if (source.length > OWN_TEXT_MAX_LENGTH) {
    return { problems: [`esignText must be at most ${OWN_TEXT_MAX_LENGTH} characters`] }
  }
  const fragment = parseFragment(source)
  const problems = new Set<string>()
  clean(fragment, problems)
  if (problems.size > 0) return { problems: [...problems] }
  if (visibleText(fragment).trim() === '') {
    return { problems: ['esignText must hold the disclosure’s text: it has none a signer would read'] }
  }
  return { html: serialize(fragment) }
}

function clean(parent: ParentNode, problems: Set<string>): void {
  parent.childNodes = parent.childNodes.filter((child) => child.nodeName !== '#comment')
  for (const child of parent.childNodes) {
    if (!defaultTreeAdapter.isElementNode(child)) continue
    if (!ELEMENTS.has(child.tagName)) {
      problems.add(
        `esignText may not contain <${child.tagName}>: an own text holds formatting only (${OWN_TEXT_ELEMENTS.map((name) => `<${name}>`).join(', ')})`,
      )
      continue
    }
    for (const attribute of child.attrs) {
      const name = attribute.name.toLowerCase()
      if (!GLOBAL_ATTRIBUTES.has(name) && !ELEMENT_ATTRIBUTES[child.tagName]?.has(name)) {
        problems.add(
          `esignText: <${child.tagName}> may not carry the attribute ${name} (styles, scripts and classes are the signing page’s)`,
        )
      }
    }
    if (child.tagName === 'a') {
      const href = child.attrs.find((attribute) => attribute.name === 'href')?.value
      if (href !== undefined && !LINK_SCHEMES.has(urlScheme(href) ?? '')) {
        problems.add(
          `esignText: a link must lead to a full https:, http:, mailto: or tel: address, not "${href.slice(0, 60)}"`,
        )
      }
      child.attrs = [
        ...child.attrs.filter((attribute) => attribute.name !== 'target' && attribute.name !== 'rel'),
        { name: 'target', value: '_blank' },
        { name: 'rel', value: 'noopener noreferrer' },
      ]
    }
    clean(child, problems)
  }
}

function visibleText(parent: ParentNode): string {
  return parent.childNodes
    .map((child: Node) =>
      defaultTreeAdapter.isTextNode(child)
        ? child.value
        : defaultTreeAdapter.isElementNode(child)
          ? visibleText(child)
          : '',
    )
    .join('')
}
