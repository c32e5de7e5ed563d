import { findNull } from 'platform/testing'
import { expect } from 'vitest'

/** Fails when any value anywhere in a JSON body is null (the DocuSign SDK cannot cope with null). */
export function expectNoNulls(value: unknown, path = 'body'): void {
  expect(findNull(value, path), 'the first null').toBeUndefined()
}

/** Every scalar in a DocuSign shape is a string. */
export function expectStringScalars(value: unknown, path = 'body'): void {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) expectStringScalars(child, `${path}.${key}`)
  } else {
    expect(typeof value, path).toBe('string')
  }
}

/** DocuSign SDK compatibility of a whole body: no null anywhere, and every scalar a string. */
export function expectDocuSignShape(value: unknown, path = 'body'): void {
  expectNoNulls(value, path)
  expectStringScalars(value, path)
}

/** A 400 INVALID_REQUEST_PARAMETER whose message matches `message`. */
export function expectInvalid(
  response: { statusCode: number; body: string; json(): { errorCode: string; message: string } },
  message: string | RegExp,
): void {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
  expect(response.json().message).toMatch(message)
}
