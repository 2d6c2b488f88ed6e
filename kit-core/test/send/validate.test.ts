// The send form's checks before anything is sent (SPEC §5), and the most that can be sent.
import { describe, expect, it } from 'vitest'
import { isReceiverAddress, maxSendAmount, type SendToken, validateSend } from '../../src/send.js'

const ETH: SendToken = { symbol: 'ETH', quantity: { decimals: '18', numeric: '1.5' } }
const LUSD: SendToken = {
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  symbol: 'LUSD',
  quantity: { decimals: '6', numeric: '10' },
}
const SOL: SendToken = { symbol: 'SOL', quantity: { decimals: '9', numeric: '2' } }
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_TO = 'DJY7zq8UsmfHj88NMJNQSDjAeFKmVPHJ5cy9HxWe38nj'

const messages = (draft: Parameters<typeof validateSend>[0]) =>
  validateSend(draft).map((issue) => issue.message)

describe('the send form', () => {
  it("[§5.8] needs an amount and a receiver ('An amount and receiver address are required') and a token ('A token is required')", () => {
    expect(messages({ namespace: 'eip155', token: ETH, receiverAddress: TO })).toEqual([
      'An amount and receiver address are required',
    ])
    expect(messages({ namespace: 'eip155', token: ETH, amount: '1', receiverAddress: '  ' })).toEqual([
      'An amount and receiver address are required',
    ])
    expect(messages({ namespace: 'eip155', amount: '1', receiverAddress: TO })).toEqual([
      'A token is required',
    ])
    expect(validateSend({ namespace: 'eip155', token: ETH, amount: '1', receiverAddress: TO })).toEqual([])
  })

  it('[§5.9] a native send asks only for a recipient: a malformed one is a warning, never a block', () => {
    const issues = validateSend({
      namespace: 'eip155',
      token: ETH,
      amount: '1',
      receiverAddress: 'alice.eth',
    })
    expect(issues).toEqual([
      {
        field: 'receiver',
        level: 'warning',
        message: 'The receiver does not look like a eip155 address: funds sent to a wrong address are lost',
      },
    ])
  })

  it('[§5.7] a token send needs an address of its namespace, a mixed-case EVM one matching its checksum', () => {
    const bad = TO.replace('C51812dc', 'c51812dc')
    expect(isReceiverAddress('eip155', bad)).toBe(false)
    expect(isReceiverAddress('eip155', TO.toLowerCase())).toBe(true)
    expect(messages({ namespace: 'eip155', token: LUSD, amount: '1', receiverAddress: bad })).toEqual([
      'The receiver is not a valid eip155 address',
    ])
    expect(messages({ namespace: 'eip155', token: LUSD, amount: '1', receiverAddress: SOL_TO })).toEqual([
      'The receiver is not a valid eip155 address',
    ])
    expect(
      messages({
        namespace: 'solana',
        token: { ...LUSD, address: 'solana:x:mint' },
        amount: '1',
        receiverAddress: TO,
      }),
    ).toEqual(['The receiver is not a valid solana address'])
    expect(validateSend({ namespace: 'solana', token: SOL, amount: '1', receiverAddress: SOL_TO })).toEqual(
      [],
    )
  })

  it('refuses an amount that is not a number, zero, negative, too precise, or above the balance', () => {
    const amount = (value: string, token: SendToken = LUSD) =>
      messages({ namespace: 'eip155', token, amount: value, receiverAddress: TO })
    expect(amount('abc')).toEqual(['The amount must be a number'])
    expect(amount('1e3')).toEqual(['The amount must be a number'])
    expect(amount('0')).toEqual(['The amount must be more than 0'])
    expect(amount('0.000')).toEqual(['The amount must be more than 0'])
    expect(amount('-1')).toEqual(['The amount cannot be negative'])
    expect(amount('1.0000001')).toEqual(['The amount has more than 6 decimals'])
    expect(amount('1.1000000')).toEqual([]) // trailing zeros are no precision
    expect(amount('0.5', { ...LUSD, quantity: { decimals: '0', numeric: '10' } })).toEqual([
      'The amount must be a whole number',
    ])
    expect(amount('10.000001')).toEqual(['The amount is more than the balance'])
    expect(amount('10')).toEqual([])
  })

  it('a native send leaves the estimated fee: the amount and the fee within the balance', () => {
    const send = (value: string) =>
      messages({ namespace: 'eip155', token: ETH, amount: value, receiverAddress: TO, fee: '0.000021' })
    expect(send('1.499979')).toEqual([])
    expect(send('1.49998')).toEqual(['The amount and the network fee are more than the balance'])
    expect(send('1.6')).toEqual(['The amount is more than the balance'])
  })

  it('Max is the balance, less the fee for the native currency, never below 0', () => {
    expect(maxSendAmount(ETH, '0.000021')).toBe('1.499979')
    expect(maxSendAmount(LUSD, '0.000021')).toBe('10')
    expect(maxSendAmount({ ...SOL, quantity: { decimals: '9', numeric: '0.000001' } }, '0.000005')).toBe('0')
    // Max passes the checks exactly.
    expect(
      validateSend({
        namespace: 'eip155',
        token: ETH,
        amount: maxSendAmount(ETH, '0.000021'),
        receiverAddress: TO,
        fee: '0.000021',
      }),
    ).toEqual([])
  })
})
