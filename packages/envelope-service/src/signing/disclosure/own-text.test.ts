import fc from 'fast-check'
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parseFragment } from 'parse5'
import { describe, expect, it } from 'vitest'
import { checkOwnText, OWN_TEXT_ELEMENTS, OWN_TEXT_MAX_LENGTH } from './own-text.js'

type ParentNode = DefaultTreeAdapterTypes.ParentNode

/** Every element and attribute the HTML standard's parser builds from `html`, as a browser would. */
function elementsOf(html: string): { tag: string; attributes: Record<string, string> }[] {
  const found: { tag: string; attributes: Record<string, string> }[] = []
  const walk = (parent: ParentNode) => {
    for (const child of parent.childNodes) {
      if (!defaultTreeAdapter.isElementNode(child)) continue
      found.push({
        tag: child.tagName,
        attributes: Object.fromEntries(child.attrs.map((attribute) => [attribute.name, attribute.value])),
      })
      walk(child)
      if ('content' in child) walk(child.content as ParentNode)
    }
  }
  walk(parseFragment(html))
  return found
}

const ALLOWED = new Set<string>(OWN_TEXT_ELEMENTS)

describe("an account's own disclosure text", () => {
  it('keeps formatting and links, each link opening in a new tab, and drops comments', () => {
    const checked = checkOwnText(
      '<h2>Consent</h2><!-- draft 3 --><p>Read <a href="https://acme.test/ersd">our terms</a> or write to <A HREF="mailto:ersd@acme.test" target="_self">us</A>.</p><ol start="2"><li>One</li></ol>',
    )
    expect(checked).toEqual({
      html: '<h2>Consent</h2><p>Read <a href="https://acme.test/ersd" target="_blank" rel="noopener noreferrer">our terms</a> or write to <a href="mailto:ersd@acme.test" target="_blank" rel="noopener noreferrer">us</a>.</p><ol start="2"><li>One</li></ol>',
    })
  })

  it('refuses, naming each, what would load, run or style anything', () => {
    const checked = checkOwnText(
      '<p onclick="steal()" style="color:red">Hi</p><script>steal()</script><img src="x" onerror="steal()"><a href=" JaVaScRiPt:steal()">x</a><a href="/relative">y</a><form><input></form>',
    )
    expect('problems' in checked && checked.problems).toEqual([
      'esignText: <p> may not carry the attribute onclick (styles, scripts and classes are the signing page’s)',
      'esignText: <p> may not carry the attribute style (styles, scripts and classes are the signing page’s)',
      expect.stringContaining('esignText may not contain <script>'),
      expect.stringContaining('esignText may not contain <img>'),
      'esignText: a link must lead to a full https:, http:, mailto: or tel: address, not " JaVaScRiPt:steal()"',
      'esignText: a link must lead to a full https:, http:, mailto: or tel: address, not "/relative"',
      expect.stringContaining('esignText may not contain <form>'),
    ])
  })

  it('refuses a text with nothing to read, and one longer than the limit', () => {
    expect(checkOwnText('<p> </p><!-- only a comment --><br>')).toEqual({
      problems: ['esignText must hold the disclosure’s text: it has none a signer would read'],
    })
    expect(checkOwnText(`<p>${'a'.repeat(OWN_TEXT_MAX_LENGTH)}</p>`)).toEqual({
      problems: [`esignText must be at most ${OWN_TEXT_MAX_LENGTH} characters`],
    })
  })

  it('stores only what a browser parses into the allowed elements, and gives it back unchanged when checked again', () => {
    // Markup-like text from pieces that have tricked sanitizers: a browser parses the stored text into
    // allowed elements with allowed attributes only, and links only to the allowed schemes.
    const piece = fc.constantFrom(
      '<p>',
      '</p>',
      '<b>',
      '<a href="https://a.test">',
      '<a href="java&#x09;script:x">',
      '</a>',
      '<table><tr><td>',
      '<svg><p>',
      '<math><mi>',
      '<noscript>',
      '<template>',
      '<textarea>',
      '<title>',
      '<style>',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<img src=x onerror=y>',
      '"',
      "'",
      '&lt;script&gt;',
      '<scr<script>ipt>',
      ' onclick=x ',
      '<p title="a>b">',
      'text',
      ' ',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const checked = checkOwnText(pieces.join(''))
        if ('problems' in checked) return
        for (const element of elementsOf(checked.html)) {
          expect(ALLOWED.has(element.tag), element.tag).toBe(true)
          for (const name of Object.keys(element.attributes)) expect(name).not.toMatch(/^on|^style$|^src$/)
          if (element.tag === 'a' && element.attributes.href !== undefined) {
            expect(element.attributes.href).toMatch(/^(https?|mailto|tel):/)
          }
        }
        expect(checkOwnText(checked.html)).toEqual(checked)
      }),
      { numRuns: 2000 },
    )
  })
})
