import type { ParseArgsConfig } from 'node:util'
import type { EnvelopeServiceConfig } from '../config.js'
import type { Db } from '../database.js'

/** A mistake in how the command was called: reported with the command's usage, exit status 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message)
    this.name = 'UsageError'
  }
}

export interface CommandEnvironment {
  config: EnvelopeServiceConfig
  publicUrl: string
  /** Opens (and migrates) the database on first use; commands that do not need it never connect. */
  db(): Promise<Db>
  now(): number
}

type Values = Record<string, string | boolean | undefined>

export interface Command {
  usage: string
  summary: string
  options: NonNullable<ParseArgsConfig['options']>
  run(values: Values, env: CommandEnvironment): Promise<Record<string, unknown>>
}

export function required(values: Values, name: string, command: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`, command)
  return value.trim()
}

export function optionalInteger(values: Values, name: string, command: string): number | undefined {
  const value = values[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new UsageError(`--${name} must be a positive integer`, command)
  }
  return Number(value)
}

export const list = (value: string) => value.split(/[\s,]+/).filter(Boolean)
