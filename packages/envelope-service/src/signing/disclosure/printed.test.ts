import { describe, expect, it } from 'vitest'
import { ownTextBlocks, printedDisclosure } from './printed.js'
import { DISCLOSURE_TEXT } from './text.js'

describe('the disclosure as printed on the certificate', () => {
  it("is the service's text in the language read, with the account's details, for the sender it speaks for", () => {
    const english = printedDisclosure('en', 'Ana Ruiz')
    expect(english.title).toBe(DISCLOSURE_TEXT.en.title)
    expect(english.agreement).toBe(DISCLOSURE_TEXT.en.agree)
    expect(english.blocks[0]).toEqual({ kind: 'paragraph', text: DISCLOSURE_TEXT.en.intro('Ana Ruiz') })
    expect(english.blocks.filter((block) => block.kind === 'heading').map((block) => block.text)).toEqual(
      DISCLOSURE_TEXT.en.sections('Ana Ruiz').map((section) => section.heading),
    )

    const spanish = printedDisclosure('es', 'Ana Ruiz', {
      companyName: 'Acme Rentals',
      copyRequestEmail: 'copias@acme.test',
    })
    expect(spanish.title).toBe(DISCLOSURE_TEXT.es.title)
    expect(spanish.blocks[0]?.text).toBe(DISCLOSURE_TEXT.es.intro('Acme Rentals'))
    expect(spanish.blocks.map((block) => block.text).join('\n')).toContain('escribiendo a copias@acme.test')
  })

  it("is the account's own text when it has one, under the service's title and sentence", () => {
    const printed = printedDisclosure('en', 'Ana Ruiz', { ownText: '<p>Our own words.</p>' })
    expect(printed).toEqual({
      title: DISCLOSURE_TEXT.en.title,
      blocks: [{ kind: 'paragraph', text: 'Our own words.' }],
      agreement: DISCLOSURE_TEXT.en.agree,
    })
  })

  it('reads an own text as blocks: headings, paragraphs, list items, table rows and line breaks', () => {
    const html = [
      '<h2>Acme   terms</h2>',
      '<p>We send <strong>records</strong>\n electronically.<br>Second line.</p>',
      '<ul><li>Paper copies</li><li><p>cost $1</p></li></ul>',
      '<table><caption>Fees</caption><tr><th>Item</th><th>Cost</th></tr><tr><td>Page</td><td>$1</td></tr></table>',
      '<div>Write to <a href="mailto:records@acme.test">records@acme.test</a>,',
      ' read <a href="https://acme.test/terms">our terms</a> or call <a href="tel:+15551234">+15551234</a>.</div>',
      '<p>   </p>',
    ].join('')
    expect(ownTextBlocks(html)).toEqual([
      { kind: 'heading', text: 'Acme terms' },
      { kind: 'paragraph', text: 'We send records electronically.' },
      { kind: 'paragraph', text: 'Second line.' },
      { kind: 'item', text: 'Paper copies' },
      { kind: 'item', text: 'cost $1' },
      { kind: 'heading', text: 'Fees' },
      { kind: 'paragraph', text: 'Item · Cost' },
      { kind: 'paragraph', text: 'Page · $1' },
      {
        kind: 'paragraph',
        text: 'Write to records@acme.test, read our terms (https://acme.test/terms) or call +15551234.',
      },
    ])
  })
})
