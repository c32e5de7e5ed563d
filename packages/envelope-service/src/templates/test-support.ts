import { expect } from 'vitest'

/** Fails when any value anywhere in a JSON body is null (the DocuSign SDK cannot cope with null). */
export function expectNoNulls(value: unknown, path = 'body'): void {
  expect(value, path).not.toBeNull()
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) expectNoNulls(child, `${path}.${key}`)
  }
}

/** Every scalar in a DocuSign shape is a string. */
export function expectStringScalars(value: unknown, path = 'body'): void {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) expectStringScalars(child, `${path}.${key}`)
  } else {
    expect(typeof value, path).toBe('string')
  }
}
