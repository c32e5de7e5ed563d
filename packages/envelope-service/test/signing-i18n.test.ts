import { describe, expect, it } from 'vitest'
import { wordsFor } from '../web/signing/src/i18n.js'

describe("the signing page's counted messages", () => {
  it('follow each language\'s plural rules ("Falta 1 campo", never "Faltan 1 campo")', () => {
    const es = wordsFor('es')
    const en = wordsFor('en')
    expect(es.missing(1)).toBe('Falta 1 campo obligatorio')
    expect(es.missing(2)).toBe('Faltan 2 campos obligatorios')
    expect(es.missing(0)).toBe('Faltan 0 campos obligatorios')
    expect(en.missing(1)).toBe('1 required field still empty')
    expect(en.missing(3)).toBe('3 required fields still empty')
    expect(es.gate.wrong(1)).toBe('El código no es correcto. Le queda 1 intento.')
    expect(es.gate.wrong(4)).toBe('El código no es correcto. Le quedan 4 intentos.')
    expect(en.gate.wrong(1)).toBe('That code is not correct. 1 attempt left.')
  })
})
