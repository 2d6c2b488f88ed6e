/**
 * `describeRequest` for every method with an approval and every decoding branch: real ERC-20 calldata (viem) and
 * real Solana transactions (web3.js, legacy and v0), malformed params (the error names the param), hostile and big
 * inputs.
 */

import { getBase58Decoder } from '@solana/kit'
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { encodeFunctionData, erc20Abi, maxUint256, stringToHex, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { base58Decode, base64Decode, showBytes } from '../src/approval/bytes.js'
import {
  type ApprovalChain,
  ApprovalDecodeError,
  type ApprovalSection,
  type ApprovalSummary,
  describeRequest,
} from '../src/approval/index.js'
import { capText } from '../src/approval/model.js'

const EVM: ApprovalChain = {
  namespace: 'eip155',
  reference: '31337',
  name: 'Latchkey Local',
  nativeSymbol: 'ETH',
  nativeDecimals: 18,
}
const SOLANA: ApprovalChain = {
  namespace: 'solana',
  reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana Localnet',
  nativeSymbol: 'SOL',
  nativeDecimals: 9,
}
const ACCOUNT = '0x52908400098527886E0F7030069857D2E4169EE7'
const OTHER = '0x8617E340B3D01FA5F11F306F4090FD50E238070D'
const TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const SPENDER = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

const key = (fill: number) => Keypair.fromSeed(new Uint8Array(32).fill(fill))
const USER = key(1)
const SOL_ACCOUNT = USER.publicKey.toBase58()
const RECIPIENT = key(2).publicKey
const BLOCKHASH = key(9).publicKey.toBase58()

const evm = (method: string, params: unknown, account = ACCOUNT) =>
  describeRequest({ method, params, chain: EVM, account })
const sol = (method: string, params: unknown, account = SOL_ACCOUNT) =>
  describeRequest({ method, params, chain: SOLANA, account })

/** The section titled `title` (or starting so when it ends with '*'). */
function section(summary: ApprovalSummary, title: string): ApprovalSection {
  const found = summary.sections.find((each) =>
    title.endsWith('*') ? each.title.startsWith(title.slice(0, -1)) : each.title === title,
  )
  if (!found) throw new Error(`no section ${title}: ${summary.sections.map((each) => each.title).join(', ')}`)
  return found
}
/** A section's rows as `{ label: value }`. */
const rows = (summary: ApprovalSummary, title: string) =>
  Object.fromEntries(section(summary, title).rows.map((each) => [each.label, each.value]))

/** The whole summary of a message to sign that is text, for the embedded account. */
const textMessage = (method: string, text: string, length: number, signer: string): ApprovalSummary => ({
  method,
  title: 'Sign a message',
  sections: [
    {
      title: 'Message',
      rows: [
        { label: 'Message', value: text },
        { label: 'Length', value: `${length} bytes` },
        { label: 'Signing account', value: signer, mono: true },
      ],
    },
  ],
  warnings: [],
})

const expectError = (run: () => unknown, message: string) => {
  expect(run).toThrow(ApprovalDecodeError)
  expect(run).toThrow(message)
}

describe('the methods', () => {
  test('a method without an approval, or a chain of the other namespace, is refused', () => {
    expectError(() => evm('eth_sign', [ACCOUNT, '0x00']), 'method eth_sign has no approval')
    expectError(() => evm('eth_call', []), 'method eth_call has no approval')
    expectError(
      () => sol('personal_sign', ['hi', ACCOUNT]),
      'method personal_sign needs a chain of namespace eip155, not solana',
    )
    expectError(
      () => evm('solana_signMessage', { message: '2', pubkey: SOL_ACCOUNT }),
      'method solana_signMessage needs a chain of namespace solana, not eip155',
    )
    const error = (() => {
      try {
        evm('<b>x</b>', [])
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(error?.message).toBe('method <b>x</b> has no approval')
    expect(error?.name).toBe('ApprovalDecodeError')
  })
})

describe('personal_sign', () => {
  test('0x hex that is UTF-8 text is shown as the text', () => {
    const summary = evm('personal_sign', [stringToHex('Sign in to Example\nNonce: 42'), ACCOUNT])
    expect(summary).toEqual(textMessage('personal_sign', 'Sign in to Example\nNonce: 42', 28, ACCOUNT))
  })

  test('plain text is text; odd-length 0x is text too (it is not bytes)', () => {
    expect(rows(evm('personal_sign', ['hello\tworld\r\n', ACCOUNT]), 'Message').Message).toBe(
      'hello\tworld\r\n',
    )
    expect(rows(evm('personal_sign', ['0xabc', ACCOUNT]), 'Message')).toMatchObject({
      Message: '0xabc',
      Length: '5 bytes',
    })
  })

  test('bytes that are not UTF-8, or text with control characters, are shown as hex', () => {
    const binary = evm('personal_sign', ['0xff00c3', ACCOUNT])
    expect(section(binary, 'Message').rows[0]).toEqual({
      label: 'Message (hex)',
      value: '0xff00c3',
      mono: true,
    })
    expect(rows(evm('personal_sign', ['bell\u0007', ACCOUNT]), 'Message')['Message (hex)']).toBe(
      toHex(new TextEncoder().encode('bell\u0007')),
    )
    expect(rows(evm('personal_sign', [stringToHex('x\u0085y'), ACCOUNT]), 'Message')['Message (hex)']).toBe(
      stringToHex('x\u0085y'),
    )
    expect(rows(evm('personal_sign', ['0x', ACCOUNT]), 'Message')).toMatchObject({
      'Message (hex)': '0x',
      Length: '0 bytes',
    })
  })

  test('another account is warned of (case-insensitively the same is not)', () => {
    expect(evm('personal_sign', ['hi', ACCOUNT.toLowerCase()]).warnings).toEqual([])
    expect(evm('personal_sign', ['hi', OTHER]).warnings).toEqual([
      `This message is for another account (${OTHER})`,
    ])
  })

  test('hostile text stays text; invisible and direction characters are warned of; long text is cut visibly', () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    expect(rows(evm('personal_sign', [html, ACCOUNT]), 'Message').Message).toBe(html)
    const reversed = evm('personal_sign', ['pay \u202eeciloA', ACCOUNT])
    expect(reversed.warnings).toEqual(['The message contains invisible or direction-changing characters'])
    expect(rows(reversed, 'Message').Message).toBe('pay \u202eeciloA')
    const long = rows(evm('personal_sign', ['a'.repeat(5_000), ACCOUNT]), 'Message')
    expect(long.Message).toBe(`${'a'.repeat(1_999)}…`)
    expect(long.Length).toBe('5000 bytes')
  })

  test('malformed params name the param', () => {
    expectError(() => evm('personal_sign', 'hi'), 'params: must be an array')
    expectError(() => evm('personal_sign', ['hi']), 'params: must hold at least 2 items')
    expectError(() => evm('personal_sign', [42, ACCOUNT]), 'params[0]: must be a 0x hex string or text')
    expectError(
      () => evm('personal_sign', ['hi', '0x123']),
      'params[1]: must be an address (0x and 40 hex digits)',
    )
  })
})

/** Typed-data struct fields, in order, from `{ name: type }`. */
const fields = (spec: Record<string, string>) => Object.entries(spec).map(([name, type]) => ({ name, type }))

const PERMIT_TYPES = {
  EIP712Domain: fields({
    name: 'string',
    version: 'string',
    chainId: 'uint256',
    verifyingContract: 'address',
  }),
  Permit: fields({
    owner: 'address',
    spender: 'address',
    value: 'uint256',
    nonce: 'uint256',
    deadline: 'uint256',
  }),
}

function permit(chainId: number, value: string) {
  return {
    domain: { name: 'USDT', version: '1', chainId, verifyingContract: TOKEN },
    types: PERMIT_TYPES,
    primaryType: 'Permit',
    message: { owner: ACCOUNT, spender: SPENDER, value, nonce: 0, deadline: '1900000000' },
  }
}

describe('eth_signTypedData_v4', () => {
  test('a permit: the domain and the message fields, in the order of the type', () => {
    const summary = evm('eth_signTypedData_v4', [ACCOUNT, permit(31337, '1000000')])
    expect(summary.title).toBe('Sign typed data')
    expect(summary.warnings).toEqual([])
    expect(section(summary, 'Domain').rows).toEqual([
      { label: 'Name', value: 'USDT' },
      { label: 'Version', value: '1' },
      { label: 'Chain ID', value: '31337', mono: true },
      { label: 'Verifying contract', value: TOKEN, mono: true },
    ])
    expect(section(summary, 'Message: Permit').rows.map((each) => [each.label, each.value])).toEqual([
      ['owner', ACCOUNT],
      ['spender', SPENDER],
      ['value', '1000000'],
      ['nonce', '0'],
      ['deadline', '1900000000'],
    ])
    expect(rows(summary, 'Signer')['Signing account']).toBe(ACCOUNT)
  })

  test('as JSON text, for chain 1 and unlimited: both warned of; another account too', () => {
    const summary = evm('eth_signTypedData_v4', [OTHER, JSON.stringify(permit(1, maxUint256.toString()))])
    expect(summary.warnings).toEqual([
      `This message is for another account (${OTHER})`,
      'The typed data names chain 1, not Latchkey Local (31337)',
      'Unlimited approval of USDT spending',
    ])
  })

  test('nested structs are a.b.c, arrays items[0].x; salt is shown; hostile strings stay text', () => {
    const typedData = {
      domain: { name: 'Mail', salt: `0x${'ab'.repeat(32)}` },
      types: {
        Person: fields({ name: 'string', wallet: 'address' }),
        Mail: fields({
          from: 'Person',
          to: 'Person[]',
          tags: 'bytes32[]',
          urgent: 'bool',
          contents: 'string',
        }),
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: ACCOUNT.toLowerCase() },
        to: [
          { name: 'Bob', wallet: OTHER },
          { name: '<img src=x onerror=alert(1)>', wallet: SPENDER },
        ],
        tags: [],
        urgent: true,
        contents: 'Hello, Bob!',
        ignored: 'not in the type, not signed',
      },
    }
    const summary = evm('eth_signTypedData_v4', [ACCOUNT, typedData])
    expect(rows(summary, 'Domain')).toEqual({ Name: 'Mail', Salt: `0x${'ab'.repeat(32)}` })
    expect(rows(summary, 'Message: Mail')).toEqual({
      'from.name': 'Cow',
      'from.wallet': ACCOUNT,
      'to[0].name': 'Bob',
      'to[0].wallet': OTHER,
      'to[1].name': '<img src=x onerror=alert(1)>',
      'to[1].wallet': SPENDER,
      tags: '[] (empty list)',
      urgent: 'true',
      contents: 'Hello, Bob!',
    })
    expect(summary.warnings).toEqual([])
  })

  test('at most 200 rows: the last says how many more fields there are', () => {
    const typedData = {
      domain: { name: 'Big', chainId: '0x7a69' },
      types: { Item: [{ name: 'id', type: 'uint256' }], List: [{ name: 'items', type: 'Item[]' }] },
      primaryType: 'List',
      message: { items: Array.from({ length: 250 }, (_, id) => ({ id })) },
    }
    const summary = evm('eth_signTypedData_v4', [ACCOUNT, typedData])
    const list = section(summary, 'Message: List').rows
    expect(list).toHaveLength(200)
    expect(list[198]).toEqual({ label: 'items[198].id', value: '198', mono: true })
    expect(list[199]).toEqual({ label: '…', value: '51 more fields' })
    expect(summary.warnings).toEqual([]) // chainId 0x7a69 is 31337
    const exact = { ...typedData, message: { items: typedData.message.items.slice(0, 200) } }
    expect(section(evm('eth_signTypedData_v4', [ACCOUNT, exact]), 'Message: List').rows.at(-1)).toEqual({
      label: 'items[199].id',
      value: '199',
      mono: true,
    })
  })

  test('field and type names such as __proto__ are plain names', () => {
    const text =
      '{"domain":{"name":"P"},"primaryType":"Mail","types":{"Mail":[{"name":"__proto__","type":"string"}],' +
      '"__proto__":[{"name":"x","type":"string"}]},"message":{"__proto__":"own value"}}'
    const summary = evm('eth_signTypedData_v4', [ACCOUNT, text])
    expect(section(summary, 'Message: Mail').rows).toEqual([{ label: '__proto__', value: 'own value' }])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  test('Permit2 with the largest amount is an unlimited approval', () => {
    const typedData = {
      domain: { name: 'Permit2', chainId: 31337, verifyingContract: SPENDER },
      types: {
        PermitDetails: fields({ token: 'address', amount: 'uint160', expiration: 'uint48', nonce: 'uint48' }),
        PermitSingle: fields({ details: 'PermitDetails', spender: 'address', sigDeadline: 'uint256' }),
      },
      primaryType: 'PermitSingle',
      message: {
        details: { token: TOKEN, amount: (2n ** 160n - 1n).toString(), expiration: 1, nonce: 0 },
        spender: OTHER,
        sigDeadline: 1,
      },
    }
    const summary = evm('eth_signTypedData_v4', [ACCOUNT, typedData])
    expect(summary.warnings).toEqual(['Unlimited approval of token spending (Permit2)'])
    expect(rows(summary, 'Message: PermitSingle')['details.token']).toBe(TOKEN)
  })

  test('malformed typed data names the param', () => {
    expectError(() => evm('eth_signTypedData_v4', [ACCOUNT, '{nope']), 'params[1]: is not valid JSON')
    expectError(
      () => evm('eth_signTypedData_v4', [ACCOUNT, 42]),
      'params[1]: must be typed data (an object or its JSON text)',
    )
    expectError(
      () => evm('eth_signTypedData_v4', [ACCOUNT, { ...permit(1, '1'), primaryType: 'Transfer' }]),
      'params[1].primaryType: "Transfer" is not in types',
    )
    expectError(
      () => evm('eth_signTypedData_v4', [ACCOUNT, { ...permit(1, '1'), types: [] }]),
      'params[1].types: must be an object',
    )
    expectError(
      () => evm('eth_signTypedData_v4', [ACCOUNT, { ...permit(1, '1'), message: 'x' }]),
      'params[1].message: must be an object',
    )
    const badAddress = permit(1, '1')
    badAddress.message.spender = '0x1234'
    expectError(() => evm('eth_signTypedData_v4', [ACCOUNT, badAddress]), 'params[1]: invalid typed data: ')
    const tooBig = {
      domain: {},
      types: { Small: [{ name: 'n', type: 'uint8' }] },
      primaryType: 'Small',
      message: { n: 300 },
    }
    expectError(() => evm('eth_signTypedData_v4', [ACCOUNT, tooBig]), 'params[1]: invalid typed data: ')
    expectError(() => evm('eth_signTypedData_v4', ['me', permit(1, '1')]), 'params[0]: must be an address')
  })
})

const transfer = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, amount] })
const approve = (spender: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] })

describe('eth_sendTransaction', () => {
  test('a plain transfer: From, To, the exact value, the network', () => {
    const summary = evm('eth_sendTransaction', [
      { from: ACCOUNT, to: OTHER.toLowerCase(), value: '0xde0b6b3a7640001' },
    ])
    expect(summary).toEqual({
      method: 'eth_sendTransaction',
      title: 'Send a transaction',
      sections: [
        {
          title: 'Transaction',
          rows: [
            { label: 'From', value: ACCOUNT, mono: true },
            { label: 'To', value: OTHER, mono: true },
            { label: 'Value', value: '1.000000000000000001 ETH', mono: true },
            { label: 'Network', value: 'Latchkey Local (31337)' },
          ],
        },
      ],
      warnings: [],
    })
  })

  test('gas and fees are shown; value defaults to 0', () => {
    const summary = evm('eth_sendTransaction', [{ to: OTHER, gas: '0x5208', maxFeePerGas: '0x3b9aca00' }])
    expect(rows(summary, 'Transaction')).toMatchObject({
      From: ACCOUNT,
      Value: '0 ETH',
      'Gas limit': '21000',
      'Max network fee': '0.000021 ETH',
    })
  })

  test('without `to`: a contract creation, its code size', () => {
    const summary = evm('eth_sendTransaction', [{ data: '0x6080604052' }])
    expect(summary.warnings).toEqual(['Contract creation'])
    expect(rows(summary, 'Transaction')).toMatchObject({ To: 'New contract', 'Contract code': '5 bytes' })
  })

  test('ERC-20 transfer, transferFrom and approve are decoded; only an unlimited approval warns', () => {
    const sent = evm('eth_sendTransaction', [{ to: TOKEN, data: transfer(OTHER, 1_500_000n) }])
    expect(section(sent, 'Token call').rows).toEqual([
      { label: 'Token contract', value: TOKEN, mono: true },
      { label: 'Function', value: 'transfer' },
      { label: 'Recipient', value: OTHER, mono: true },
      { label: 'Amount (token units)', value: '1500000', mono: true },
    ])
    expect(sent.warnings).toEqual([])

    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [OTHER, SPENDER, 7n],
    })
    expect(rows(evm('eth_sendTransaction', [{ to: TOKEN, data }]), 'Token call')).toEqual({
      'Token contract': TOKEN,
      Function: 'transferFrom',
      From: OTHER,
      Recipient: SPENDER,
      'Amount (token units)': '7',
    })

    const limited = evm('eth_sendTransaction', [{ to: TOKEN, data: approve(SPENDER, 10n ** 30n) }])
    expect(rows(limited, 'Token call')).toMatchObject({
      Spender: SPENDER,
      'Amount (token units)': `1${'0'.repeat(30)}`,
    })
    expect(limited.warnings).toEqual([])
    const unlimited = evm('eth_sendTransaction', [{ to: TOKEN, data: approve(SPENDER, maxUint256) }])
    expect(unlimited.warnings).toEqual(['Unlimited token approval'])
    expect(rows(unlimited, 'Token call')['Amount (token units)']).toBe(maxUint256.toString())
  })

  test('another selector is a contract call: the selector and the data size', () => {
    const summary = evm('eth_sendTransaction', [{ to: OTHER, data: `0x12345678${'00'.repeat(32)}` }])
    expect(rows(summary, 'Transaction')['Contract call']).toBe('selector 0x12345678, 36 bytes of data')
    expect(summary.sections).toHaveLength(1)
    // ERC-20's selector with data that does not decode is a contract call too.
    const truncated = evm('eth_sendTransaction', [{ to: TOKEN, data: transfer(OTHER, 1n).slice(0, 20) }])
    expect(rows(truncated, 'Transaction')['Contract call']).toBe('selector 0xa9059cbb, 9 bytes of data')
    expect(rows(evm('eth_sendTransaction', [{ to: OTHER, data: '0x0102' }]), 'Transaction').Data).toBe(
      '2 bytes',
    )
  })

  test('another `from`, another chain, a 7702 delegation are warned of', () => {
    const summary = evm('eth_sendTransaction', [
      { from: OTHER, to: OTHER, chainId: '0x1', authorizationList: [{ address: SPENDER }] },
    ])
    expect(summary.warnings).toEqual([
      `This transaction is from another account (${OTHER})`,
      'The transaction names chain 1, not Latchkey Local (31337)',
      'The transaction delegates this account to a contract (EIP-7702)',
    ])
    expect(rows(summary, 'Transaction').From).toBe(OTHER)
  })

  test('malformed transactions name the field', () => {
    expectError(() => evm('eth_sendTransaction', []), 'params: must hold at least 1 item')
    expectError(() => evm('eth_sendTransaction', ['0x']), 'params[0]: must be a transaction object')
    expectError(() => evm('eth_sendTransaction', [{ to: 'bob' }]), 'params[0].to: must be an address')
    expectError(
      () => evm('eth_sendTransaction', [{ to: OTHER, value: '1e18' }]),
      'params[0].value: must be a 0x hex quantity',
    )
    expectError(
      () => evm('eth_sendTransaction', [{ to: OTHER, value: `0x1${'0'.repeat(64)}` }]),
      'params[0].value: must be a 0x hex quantity',
    )
    expectError(
      () => evm('eth_sendTransaction', [{ to: OTHER, data: '0x123' }]),
      'params[0].data: must be 0x and an even number of hex digits',
    )
    expectError(
      () => evm('eth_sendTransaction', [{ from: 1, to: OTHER }]),
      'params[0].from: must be an address',
    )
    expectError(
      () => evm('eth_sendTransaction', [{ to: OTHER, data: '0x00', input: '0x01' }]),
      'params[0]: has data and input that differ',
    )
    expectError(
      () => evm('eth_sendTransaction', [{ to: OTHER, gas: -1 }]),
      'params[0].gas: must be a non-negative integer',
    )
  })
})

describe('wallet_sendCalls', () => {
  test('one section per call, a total, and each warning says its call', () => {
    const summary = evm('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: ACCOUNT,
        atomicRequired: true,
        calls: [
          { to: OTHER, value: '0x2386f26fc10000' },
          { to: TOKEN, data: approve(SPENDER, maxUint256) },
          { data: '0x60806040' },
        ],
      },
    ])
    expect(summary.title).toBe('Send 3 calls')
    expect(summary.sections.map((each) => each.title)).toEqual(['Calls', 'Call 1', 'Call 2', 'Call 3'])
    expect(rows(summary, 'Calls')).toEqual({
      From: ACCOUNT,
      Network: 'Latchkey Local (31337)',
      'Total value': '0.01 ETH',
      'All or nothing': 'required',
    })
    expect(rows(summary, 'Call 1')).toEqual({ To: OTHER, Value: '0.01 ETH' })
    expect(rows(summary, 'Call 2')).toEqual({
      To: TOKEN,
      Value: '0 ETH',
      Function: 'approve',
      Spender: SPENDER,
      'Amount (token units)': maxUint256.toString(),
    })
    expect(rows(summary, 'Call 3')).toEqual({
      To: 'New contract',
      Value: '0 ETH',
      'Contract code': '4 bytes',
    })
    expect(summary.warnings).toEqual(['Unlimited token approval (call 2)', 'Contract creation (call 3)'])
  })

  test('one call; another account and chain are warned of', () => {
    const summary = evm('wallet_sendCalls', [
      { version: '1.0', chainId: '0x1', from: OTHER, calls: [{ to: TOKEN, data: transfer(OTHER, 5n) }] },
    ])
    expect(summary.title).toBe('Send 1 call')
    expect(summary.warnings).toEqual([
      `These calls are from another account (${OTHER})`,
      'The calls name chain 1, not Latchkey Local (31337)',
    ])
    expect(rows(summary, 'Call 1')).toMatchObject({
      Function: 'transfer',
      Recipient: OTHER,
      'Amount (token units)': '5',
    })
  })

  test('100 calls are fine, 101 or none are refused; a bad call is named', () => {
    const calls = Array.from({ length: 100 }, (_, index) => ({ to: OTHER, value: toHex(index) }))
    const summary = evm('wallet_sendCalls', [{ version: '2.0.0', calls }])
    expect(summary.title).toBe('Send 100 calls')
    expect(summary.sections).toHaveLength(101)
    expect(rows(summary, 'Calls')['Total value']).toBe('0.00000000000000495 ETH')
    const tooMany = [{ version: '2.0.0', calls: [...calls, { to: OTHER }] }]
    expectError(() => evm('wallet_sendCalls', tooMany), 'params[0].calls: must be an array of 1 to 100 calls')
    expectError(
      () => evm('wallet_sendCalls', [{ version: '2.0.0', calls: [] }]),
      'params[0].calls: must be an array of 1 to 100 calls',
    )
    expectError(
      () => evm('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: OTHER }, { to: 'x' }] }]),
      'params[0].calls[1].to: must be an address',
    )
    expectError(
      () => evm('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: OTHER }, 3] }]),
      'params[0].calls[1]: must be an object',
    )
    expectError(
      () => evm('wallet_sendCalls', [{ calls: [{ to: OTHER }] }]),
      'params[0].version: must be a string',
    )
    expectError(
      () => evm('wallet_sendCalls', [{ version: '2', atomicRequired: 'yes', calls: [{ to: OTHER }] }]),
      'params[0].atomicRequired: must be true or false',
    )
    expectError(() => evm('wallet_sendCalls', ['calls']), 'params[0]: must be an object with calls')
  })
})

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

describe('solana_signMessage', () => {
  test('base58 UTF-8 is shown as text; the same account has no warning', () => {
    const message = base58(new TextEncoder().encode('Sign in to Example: <b>bold</b>'))
    const summary = sol('solana_signMessage', { message, pubkey: SOL_ACCOUNT })
    expect(summary).toEqual(
      textMessage('solana_signMessage', 'Sign in to Example: <b>bold</b>', 31, SOL_ACCOUNT),
    )
  })

  test('binary bytes (leading zeros kept) are hex; another pubkey is warned of', () => {
    const summary = sol('solana_signMessage', {
      message: base58(new Uint8Array([0, 0, 0xff, 0x10])),
      pubkey: RECIPIENT.toBase58(),
    })
    expect(rows(summary, 'Message')['Message (hex)']).toBe('0x0000ff10')
    expect(summary.warnings).toEqual([`This message is for another account (${RECIPIENT.toBase58()})`])
  })

  test('malformed params name the param', () => {
    expectError(() => sol('solana_signMessage', ['x']), 'params: must be an object')
    expectError(
      () => sol('solana_signMessage', { message: '0OIl', pubkey: SOL_ACCOUNT }),
      'params.message: must be base58 text (1 to 20,000 characters)',
    )
    expectError(
      () => sol('solana_signMessage', { message: '', pubkey: SOL_ACCOUNT }),
      'params.message: must be base58 text',
    )
    expectError(
      () => sol('solana_signMessage', { message: '2', pubkey: 'abc' }),
      'params.pubkey: must be a Solana address (base58)',
    )
    expectError(() => sol('solana_signMessage', { message: '2' }), 'params.pubkey: must be a Solana address')
  })
})

/** A legacy transaction, unsigned, in base64. */
function legacy(instructions: TransactionInstruction[], feePayer = USER.publicKey): string {
  const transaction = new Transaction({ feePayer, recentBlockhash: BLOCKHASH }).add(...instructions)
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}

/** A v0 transaction, unsigned, in base64. */
function v0(instructions: TransactionInstruction[], tables: AddressLookupTableAccount[] = []): string {
  const message = new TransactionMessage({
    payerKey: USER.publicKey,
    recentBlockhash: BLOCKHASH,
    instructions,
  }).compileToV0Message(tables)
  return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
}

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const TOKEN_2022_PROGRAM = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
const ATA_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const MINT = key(3).publicKey
const SOURCE = key(4).publicKey
const DESTINATION = key(5).publicKey

/** SPL Token instruction data: a tag, a u64 amount, optional decimals. */
function tokenData(tag: number, amount: bigint, decimals?: number): Buffer {
  const data = Buffer.alloc(decimals === undefined ? 9 : 10)
  data[0] = tag
  data.writeBigUInt64LE(amount, 1)
  if (decimals !== undefined) data[9] = decimals
  return data
}

const meta = (pubkey: PublicKey, isSigner = false, isWritable = true) => ({ pubkey, isSigner, isWritable })

describe('solana_signTransaction and solana_signAndSendTransaction', () => {
  test('a legacy transaction: compute budget, a SOL transfer (exact), a memo', () => {
    const transaction = legacy([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5_000n }),
      SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: RECIPIENT, lamports: 1_500_000_001n }),
      new TransactionInstruction({
        programId: MEMO_PROGRAM,
        keys: [],
        data: Buffer.from('thanks <script>alert(1)</script>'),
      }),
    ])
    const summary = sol('solana_signTransaction', { transaction })
    expect(summary.title).toBe('Sign a Solana transaction')
    expect(summary.warnings).toEqual([])
    expect(summary.sections).toEqual([
      {
        title: 'Transaction',
        rows: [
          { label: 'Fee payer', value: SOL_ACCOUNT, mono: true },
          { label: 'Network', value: 'Solana Localnet (5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)' },
          { label: 'Format', value: 'legacy' },
        ],
      },
      {
        title: 'Instruction 1: Compute budget',
        rows: [{ label: 'Unit limit', value: '200000', mono: true }],
      },
      {
        title: 'Instruction 2: Compute budget',
        rows: [{ label: 'Unit price', value: '5000 micro-lamports', mono: true }],
      },
      {
        title: 'Instruction 3: Transfer SOL',
        rows: [
          { label: 'From', value: SOL_ACCOUNT, mono: true },
          { label: 'To', value: RECIPIENT.toBase58(), mono: true },
          { label: 'Amount', value: '1.500000001 SOL', mono: true },
        ],
      },
      { title: 'Instruction 4: Memo', rows: [{ label: 'Memo', value: 'thanks <script>alert(1)</script>' }] },
    ])
    const sent = sol('solana_signAndSendTransaction', { transaction })
    expect(sent.title).toBe('Sign and send a Solana transaction')
    expect(sent.sections).toEqual(summary.sections)
  })

  test('createAccount, SPL Token and Token-2022 transfers, associated token accounts', () => {
    const created = key(6).publicKey
    // Payer, token account, owner, mint: the system and token programs may follow.
    const ataAccounts = [
      meta(USER.publicKey, true),
      meta(DESTINATION),
      meta(RECIPIENT, false, false),
      meta(MINT, false, false),
    ]
    const transaction = legacy([
      SystemProgram.createAccount({
        fromPubkey: USER.publicKey,
        newAccountPubkey: created,
        lamports: 2_039_280,
        space: 165,
        programId: TOKEN_PROGRAM,
      }),
      new TransactionInstruction({
        programId: TOKEN_PROGRAM,
        keys: [meta(SOURCE), meta(DESTINATION), meta(USER.publicKey, true, false)],
        data: tokenData(3, 42n),
      }),
      new TransactionInstruction({
        programId: TOKEN_2022_PROGRAM,
        keys: [meta(SOURCE), meta(MINT, false, false), meta(DESTINATION), meta(USER.publicKey, true, false)],
        data: tokenData(12, 1_500_000n, 6),
      }),
      new TransactionInstruction({
        programId: ATA_PROGRAM,
        keys: [
          ...ataAccounts,
          meta(SystemProgram.programId, false, false),
          meta(TOKEN_PROGRAM, false, false),
        ],
        data: Buffer.alloc(0),
      }),
      new TransactionInstruction({ programId: ATA_PROGRAM, keys: ataAccounts, data: Buffer.from([1]) }),
    ])
    // createAccount needs the new account's signature: the user's is asked too, no warning.
    const summary = sol('solana_signTransaction', { transaction })
    expect(summary.warnings).toEqual([])
    expect(rows(summary, 'Instruction 1: Create an account')).toEqual({
      'Funded by': SOL_ACCOUNT,
      'New account': created.toBase58(),
      Lamports: '2039280 (0.00203928 SOL)',
      Space: '165 bytes',
      'Owner program': TOKEN_PROGRAM.toBase58(),
    })
    expect(rows(summary, 'Instruction 2: Token transfer')).toEqual({
      'From token account': SOURCE.toBase58(),
      'To token account': DESTINATION.toBase58(),
      Owner: SOL_ACCOUNT,
      'Amount (token units)': '42',
    })
    expect(rows(summary, 'Instruction 3: Token transfer')).toEqual({
      'From token account': SOURCE.toBase58(),
      Mint: MINT.toBase58(),
      'To token account': DESTINATION.toBase58(),
      Owner: SOL_ACCOUNT,
      Amount: '1.5 (6 decimals)',
    })
    expect(rows(summary, 'Instruction 4: Create a token account')).toEqual({
      Payer: SOL_ACCOUNT,
      'Token account': DESTINATION.toBase58(),
      Owner: RECIPIENT.toBase58(),
      Mint: MINT.toBase58(),
    })
    expect(rows(summary, 'Instruction 5: Create a token account (if missing)')).toMatchObject({
      Owner: RECIPIENT.toBase58(),
    })
  })

  test('an unknown program is its id and data size; a wrong-size known instruction too', () => {
    const program = key(7).publicKey
    const transaction = legacy([
      new TransactionInstruction({
        programId: program,
        keys: [meta(USER.publicKey, true)],
        data: Buffer.from([1, 2, 3, 4, 5]),
      }),
      new TransactionInstruction({
        programId: TOKEN_PROGRAM,
        keys: [meta(SOURCE)],
        data: Buffer.from([3, 1]),
      }),
    ])
    const summary = sol('solana_signTransaction', { transaction })
    expect(section(summary, 'Instruction 1: Program call').rows).toEqual([
      { label: `Program ${program.toBase58()}`, value: '5 bytes of data', mono: true },
    ])
    expect(section(summary, 'Instruction 2: Program call').rows).toEqual([
      { label: `Program ${TOKEN_PROGRAM.toBase58()}`, value: '2 bytes of data', mono: true },
    ])
  })

  test('risky instructions warn: an account assigned away, an unlimited delegate, an authority handed over', () => {
    const thief = key(8).publicKey
    const approveData = tokenData(4, 2n ** 64n - 1n)
    const setAuthority = Buffer.concat([Buffer.from([6, 2, 1]), thief.toBuffer()])
    const transaction = legacy([
      SystemProgram.assign({ accountPubkey: USER.publicKey, programId: thief }),
      new TransactionInstruction({
        programId: TOKEN_PROGRAM,
        keys: [meta(SOURCE), meta(thief, false, false), meta(USER.publicKey, true, false)],
        data: approveData,
      }),
      new TransactionInstruction({
        programId: TOKEN_PROGRAM,
        keys: [meta(SOURCE), meta(USER.publicKey, true, false)],
        data: setAuthority,
      }),
    ])
    const summary = sol('solana_signTransaction', { transaction })
    expect(summary.warnings).toEqual([
      `This account is handed to the program ${thief.toBase58()}`,
      'Unlimited token approval',
      `A token authority (owner) is handed to ${thief.toBase58()}`,
    ])
    expect(rows(summary, 'Instruction 2: Token approval')).toMatchObject({ Delegate: thief.toBase58() })
  })

  test('v0 with a lookup table: its accounts are named as such', () => {
    const table = new AddressLookupTableAccount({
      key: key(10).publicKey,
      state: {
        deactivationSlot: 2n ** 64n - 1n,
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [RECIPIENT, key(11).publicKey],
      },
    })
    const transaction = v0(
      [SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: RECIPIENT, lamports: 1n })],
      [table],
    )
    const summary = sol('solana_signTransaction', { transaction })
    expect(rows(summary, 'Transaction')).toMatchObject({
      Format: 'version 0',
      'Lookup tables': `${key(10).publicKey.toBase58()} (1 accounts)`,
    })
    expect(rows(summary, 'Instruction 1: Transfer SOL')).toEqual({
      From: SOL_ACCOUNT,
      To: 'account from a lookup table',
      Amount: '0.000000001 SOL',
    })
  })

  test('another fee payer, or a transaction that does not need this account, is warned of', () => {
    const payer = key(12).publicKey
    const transaction = legacy(
      [SystemProgram.transfer({ fromPubkey: payer, toPubkey: RECIPIENT, lamports: 5n })],
      payer,
    )
    expect(sol('solana_signTransaction', { transaction }).warnings).toEqual([
      `The fee payer is another account (${payer.toBase58()})`,
      "The transaction does not ask for this account's signature",
    ])
  })

  test('malformed params name the param', () => {
    expectError(() => sol('solana_signTransaction', 'AAAA'), 'params: must be an object')
    expectError(
      () => sol('solana_signTransaction', {}),
      'params.transaction: must be a transaction in base64',
    )
    expectError(
      () => sol('solana_signTransaction', { transaction: 'not base64!' }),
      'params.transaction: must be a transaction in base64',
    )
    expectError(
      () => sol('solana_signTransaction', { transaction: 'A'.repeat(4_100) }),
      'params.transaction: must be a transaction in base64',
    )
    expectError(
      () => sol('solana_signAndSendTransaction', { transaction: 'AQID' }),
      'params.transaction: is not a Solana transaction',
    )
  })
})

describe('solana_signAllTransactions', () => {
  test('100 transactions: every one summarised, repeated warnings once', () => {
    const payer = key(13).publicKey
    const transactions = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? legacy([
            SystemProgram.transfer({
              fromPubkey: USER.publicKey,
              toPubkey: RECIPIENT,
              lamports: BigInt(index),
            }),
          ])
        : legacy(
            [
              SystemProgram.transfer({
                fromPubkey: USER.publicKey,
                toPubkey: RECIPIENT,
                lamports: BigInt(index),
              }),
            ],
            payer,
          ),
    )
    const started = performance.now()
    const summary = sol('solana_signAllTransactions', { transactions })
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(summary.title).toBe('Sign 100 Solana transactions')
    expect(summary.sections).toHaveLength(200)
    expect(summary.sections[0]?.title).toBe('Transaction 1')
    expect(rows(summary, 'Transaction 100, Instruction 1: Transfer SOL').Amount).toBe('0.000000099 SOL')
    expect(summary.warnings).toEqual([`The fee payer is another account (${payer.toBase58()})`])
  })

  test('one transaction; none, 101, or a bad one are refused', () => {
    const one = legacy([
      SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: RECIPIENT, lamports: 1n }),
    ])
    const summary = sol('solana_signAllTransactions', { transactions: [one] })
    expect(summary.title).toBe('Sign 1 Solana transaction')
    expect(summary.sections.map((each) => each.title)).toEqual(['Transaction', 'Instruction 1: Transfer SOL'])
    const message = 'params.transactions: must be an array of 1 to 100 transactions'
    expectError(() => sol('solana_signAllTransactions', { transactions: [] }), message)
    expectError(() => sol('solana_signAllTransactions', { transactions: Array(101).fill(one) }), message)
    expectError(() => sol('solana_signAllTransactions', { transactions: one }), message)
    expectError(
      () => sol('solana_signAllTransactions', { transactions: [one, one, one, 'AQID'] }),
      'params.transactions[3]: is not a Solana transaction',
    )
  })
})

describe('helpers', () => {
  test('base58 and base64 decode as web3.js encodes; invalid input is undefined', () => {
    for (const fill of [0, 1, 255]) {
      const bytes = new Uint8Array(32).fill(fill)
      expect(base58Decode(new PublicKey(bytes).toBase58())).toEqual(bytes)
    }
    expect(base58Decode('')).toEqual(new Uint8Array())
    expect(base58Decode('1112')).toEqual(new Uint8Array([0, 0, 0, 1]))
    expect(base58Decode('0')).toBeUndefined()
    expect(base64Decode('AQID')).toEqual(new Uint8Array([1, 2, 3]))
    expect(base64Decode('AQI=')).toEqual(new Uint8Array([1, 2]))
    expect(base64Decode('AQI')).toBeUndefined()
    expect(base64Decode('AQ ID')).toBeUndefined()
    expect(base64Decode(Buffer.from([0, 1, 2, 250, 255]).toString('base64'))).toEqual(
      new Uint8Array([0, 1, 2, 250, 255]),
    )
  })

  test('a long base58 message decodes quickly', () => {
    const bytes = new Uint8Array(14_000).map((_, index) => (index * 7) % 256)
    const text = base58(bytes)
    expect(text.length).toBeLessThanOrEqual(20_000)
    const started = performance.now()
    expect(base58Decode(text)).toEqual(bytes)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  test('cutting never splits a surrogate pair; text/hex choice', () => {
    expect(capText('ab😀cd', 4)).toBe('ab…')
    expect(capText('abcde', 4)).toBe('abc…')
    expect(capText('abcd', 4)).toBe('abcd')
    expect(showBytes(new TextEncoder().encode('é\n'))).toEqual({ kind: 'text', value: 'é\n' })
    expect(showBytes(new Uint8Array([0xc3]))).toEqual({ kind: 'hex', value: '0xc3' })
  })
})
