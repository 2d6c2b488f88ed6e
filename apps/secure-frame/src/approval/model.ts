/**
 * What an approval shows, as data: the summary `describeRequest` makes of a request and the card renders. No DOM here.
 * Every string that came from the request is hostile text: it is capped ({@link capText}) and only ever rendered as
 * text, never as markup.
 */
import { formatUnits } from 'viem'

/** The chain the request is for, as the frame knows it. */
export interface ApprovalChain {
  namespace: 'eip155' | 'solana'
  /** CAIP-2 reference: '31337' or a Solana genesis hash prefix */
  reference: string
  name: string
  /** 'ETH', 'SOL' */
  nativeSymbol: string
  /** 18, 9 */
  nativeDecimals: number
}

/** One request to describe: the RPC method, its params as received, the chain and the embedded account on it. */
export interface DescribeInput {
  method: string
  params: unknown
  chain: ApprovalChain
  /** the embedded account's address on that namespace */
  account: string
}

/** One line of a section: a label and its value (`mono`: an address, hex or other machine text). */
export interface ApprovalRow {
  label: string
  value: string
  mono?: boolean
}

export interface ApprovalSection {
  title: string
  rows: ApprovalRow[]
}

export interface ApprovalSummary {
  method: string
  /** e.g. 'Sign a message', 'Send a transaction', 'Send 2 calls', 'Sign 100 Solana transactions' */
  title: string
  sections: ApprovalSection[]
  /** Plain sentences, shown prominently: 'Contract creation', 'Unlimited token approval', … */
  warnings: string[]
}

/** Malformed params (or a method without an approval): the message names the param, e.g. `params[0]: …`. */
export class ApprovalDecodeError extends Error {
  override name = 'ApprovalDecodeError'
}

/** Throws {@link ApprovalDecodeError} `path: problem`. */
export function fail(path: string, problem: string): never {
  throw new ApprovalDecodeError(`${path}: ${problem}`)
}

/** A JSON object's fields, as received. */
export type Fields = Record<string, unknown>

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The longest value shown, in UTF-16 code units, the ellipsis included. */
const MAX_VALUE_CHARS = 2_000

/** The longest label (typed-data field paths come from the request). */
export const MAX_LABEL_CHARS = 200

/**
 * `value` cut to at most `max` characters, the last being '…' when it was cut (so a cut is always visible). A
 * surrogate pair is never split.
 */
export function capText(value: string, max: number = MAX_VALUE_CHARS): string {
  if (value.length <= max) return value
  let end = max - 1
  const last = value.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${value.slice(0, end)}…`
}

/** A row with its label and value capped. */
export function row(label: string, value: string, mono?: boolean): ApprovalRow {
  const made: ApprovalRow = { label: capText(label, MAX_LABEL_CHARS), value: capText(value) }
  if (mono) made.mono = true
  return made
}

/** An amount of the chain's native currency, exact: '1.000000000000000001 ETH'. */
export function nativeAmount(value: bigint, chain: ApprovalChain): string {
  return `${formatUnits(value, chain.nativeDecimals)} ${chain.nativeSymbol}`
}

/** The chain as one line: 'Latchkey Local (31337)'. */
export function networkName(chain: ApprovalChain): string {
  return `${chain.name} (${chain.reference})`
}

/** A short, capped form of a hostile string for use inside a sentence. */
export function quote(value: string): string {
  return capText(value, 120)
}
