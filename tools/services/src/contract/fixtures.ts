// The shared fixtures of the Blockchain API contract: answers a client must accept whole, and malformed ones with
// what the client must do about each (refuse the answer, drop one item, or keep it without an unsafe field). The
// stand-in's tests check its real answers and the reference checks (check.ts) against them; @latchkey/core's tests
// feed them to its client through the stand-in's canned answers.
import type { ContractEndpoint } from './check.js'

/** What a client does with a malformed answer. */
export type MalformedOutcome =
  /** The whole answer is refused (the client fails as for any malformed answer). */
  | { kind: 'refused' }
  /** The item at `index` of the list is left out; the others are kept. */
  | { kind: 'dropped'; index: number }
  /** The item at `index` is kept without the field at `path` (dot-separated; numbers index lists). */
  | { kind: 'cleaned'; index: number; path: string }

export interface ValidAnswer {
  name: string
  endpoint: ContractEndpoint
  body: unknown
  /** How many items the answer's list holds: a client keeps them all. */
  count: number
}

export interface MalformedAnswer {
  name: string
  endpoint: ContractEndpoint
  body: unknown
  outcome: MalformedOutcome
}

const CHAIN = 'eip155:1'
const TOKEN = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const ALICE = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const BOB = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const HASH = `0x${'ab'.repeat(32)}`
const ICON = 'https://icons.example/usdc.png'

const ether = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: CHAIN,
  value: 3125,
  price: 2500,
  quantity: { decimals: '18', numeric: '1.25' },
  iconUrl: 'https://icons.example/eth.png',
}
const usdc = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: CHAIN,
  address: `${CHAIN}:${TOKEN}`,
  value: 120.5,
  price: 1,
  quantity: { decimals: '6', numeric: '120.5' },
  iconUrl: ICON,
}
/** A token without a known price: no price, no value (the kit shows the amount alone). */
const unpriced = {
  name: 'Latchkey Token',
  symbol: 'LKT',
  chainId: CHAIN,
  address: `${CHAIN}:0xb581c9264f59bf0289fa76d61b2d0746dce3c30d`,
  quantity: { decimals: '18', numeric: '7' },
  iconUrl: 'https://icons.example/lkt.png',
}

const ethPrice = {
  address: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
  name: 'Ether',
  symbol: 'ETH',
  iconUrl: 'https://icons.example/eth.png',
  decimals: 18,
  price: 2500,
}
const usdcPrice = {
  address: `${CHAIN}:${TOKEN}`,
  name: 'USD Coin',
  symbol: 'USDC',
  iconUrl: ICON,
  decimals: 6,
  price: 1,
}
const noPrice = {
  address: unpriced.address,
  name: 'Latchkey Token',
  symbol: 'LKT',
  iconUrl: unpriced.iconUrl,
  decimals: 18,
}

const metadata = (operationType: string, extra: Record<string, unknown> = {}) => ({
  operationType,
  hash: HASH,
  minedAt: '2025-01-02T03:04:05.000Z',
  sentFrom: ALICE,
  sentTo: BOB,
  status: 'confirmed',
  nonce: 7,
  chain: CHAIN,
  ...extra,
})
const nativeSend = {
  id: `${CHAIN}:${HASH}`,
  metadata: metadata('send'),
  transfers: [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://icons.example/eth.png' } },
      direction: 'out',
      quantity: { numeric: '0.5' },
      value: 1250,
      price: 2500,
    },
  ],
}
const tokenReceive = {
  id: 'tx-2',
  metadata: metadata('receive', { sentFrom: BOB, sentTo: TOKEN }),
  transfers: [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: ICON } },
      direction: 'in',
      quantity: { numeric: '25' },
    },
  ],
}
const failedCall = {
  id: 'tx-3',
  metadata: metadata('execute', { status: 'failed', sentTo: TOKEN }),
  transfers: [],
}
const spamNft = {
  id: 'tx-4',
  metadata: metadata('receive', { sentFrom: BOB, sentTo: ALICE }),
  transfers: [
    {
      nft_info: {
        name: 'Free Money Voucher',
        flags: { is_spam: true },
        content: { preview: { url: 'https://nft.example/voucher.png' } },
      },
      direction: 'in',
      quantity: { numeric: '1' },
    },
  ],
}
const selfTransfer = {
  id: 'tx-5',
  metadata: metadata('send', { sentTo: ALICE }),
  transfers: [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH' },
      direction: 'self',
      quantity: { numeric: '0.000000000000000001' },
    },
  ],
}

/** Answers a client keeps whole. */
export const VALID_ANSWERS: readonly ValidAnswer[] = [
  {
    name: 'native, token and unpriced token balances',
    endpoint: 'balance',
    body: { balances: [ether, usdc, unpriced] },
    count: 3,
  },
  { name: 'no balances', endpoint: 'balance', body: { balances: [] }, count: 0 },
  {
    name: 'prices, one token without a price',
    endpoint: 'price',
    body: { fungibles: [ethPrice, usdcPrice, noPrice] },
    count: 3,
  },
  { name: 'no prices', endpoint: 'price', body: { fungibles: [] }, count: 0 },
  {
    name: 'a history page with a next cursor',
    endpoint: 'history',
    body: {
      data: [nativeSend, tokenReceive, failedCall, spamNft, selfTransfer],
      next: 'WzE3MzU3ODcwNDUwMDAsImkiXQ',
    },
    count: 5,
  },
  {
    name: 'the last history page',
    endpoint: 'history',
    body: { data: [tokenReceive], next: null },
    count: 1,
  },
  { name: 'an empty history', endpoint: 'history', body: { data: [] }, count: 0 },
]

const with_ = <T extends object>(base: T, change: Record<string, unknown>) => ({ ...base, ...change })

/** Malformed answers, each with what a client does about it. */
export const MALFORMED_ANSWERS: readonly MalformedAnswer[] = [
  { name: 'a list instead of an object', endpoint: 'balance', body: [ether], outcome: { kind: 'refused' } },
  {
    name: 'balances is not a list',
    endpoint: 'balance',
    body: { balances: { 0: ether } },
    outcome: { kind: 'refused' },
  },
  {
    name: 'a quantity that is not a decimal',
    endpoint: 'balance',
    body: { balances: [ether, with_(usdc, { quantity: { decimals: '6', numeric: '1e3' } })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'zero decimals (SPEC §5)',
    endpoint: 'balance',
    body: { balances: [ether, with_(usdc, { quantity: { decimals: '0', numeric: '5' } })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'a token address on another chain',
    endpoint: 'balance',
    body: { balances: [with_(usdc, { address: `eip155:10:${TOKEN}` }), ether] },
    outcome: { kind: 'dropped', index: 0 },
  },
  {
    name: 'a price that is not a number',
    endpoint: 'balance',
    body: { balances: [ether, with_(usdc, { price: 'free' })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'a javascript: icon',
    endpoint: 'balance',
    body: { balances: [with_(usdc, { iconUrl: 'javascript:alert(1)' })] },
    outcome: { kind: 'cleaned', index: 0, path: 'iconUrl' },
  },
  {
    name: 'no fungibles list',
    endpoint: 'price',
    body: { prices: [usdcPrice] },
    outcome: { kind: 'refused' },
  },
  { name: 'null instead of an object', endpoint: 'price', body: null, outcome: { kind: 'refused' } },
  {
    name: 'a negative price',
    endpoint: 'price',
    body: { fungibles: [ethPrice, with_(usdcPrice, { price: -1 })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'an address that is not CAIP-10',
    endpoint: 'price',
    body: { fungibles: [with_(usdcPrice, { address: TOKEN }), ethPrice] },
    outcome: { kind: 'dropped', index: 0 },
  },
  {
    name: 'an icon on plain http',
    endpoint: 'price',
    body: { fungibles: [with_(usdcPrice, { iconUrl: 'http://evil.example/i.png' })] },
    outcome: { kind: 'cleaned', index: 0, path: 'iconUrl' },
  },
  {
    name: 'data is not a list',
    endpoint: 'history',
    body: { data: 'none', next: null },
    outcome: { kind: 'refused' },
  },
  {
    name: 'a next cursor that is not a string',
    endpoint: 'history',
    body: { data: [nativeSend], next: 42 },
    outcome: { kind: 'refused' },
  },
  {
    name: 'a minedAt that is not a date',
    endpoint: 'history',
    body: {
      data: [nativeSend, with_(tokenReceive, { metadata: metadata('receive', { minedAt: 'yesterday' }) })],
    },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'an unknown status',
    endpoint: 'history',
    body: { data: [with_(failedCall, { metadata: metadata('execute', { status: 'lost' }) }), nativeSend] },
    outcome: { kind: 'dropped', index: 0 },
  },
  {
    name: 'a chain that is not CAIP-2',
    endpoint: 'history',
    body: { data: [nativeSend, with_(failedCall, { metadata: metadata('execute', { chain: 'mainnet' }) })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'an unknown transfer direction',
    endpoint: 'history',
    body: {
      data: [
        nativeSend,
        with_(tokenReceive, {
          transfers: [with_(tokenReceive.transfers[0] as object, { direction: 'sideways' })],
        }),
      ],
    },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'a transfer quantity that is not a decimal',
    endpoint: 'history',
    body: {
      data: [
        with_(nativeSend, {
          transfers: [with_(nativeSend.transfers[0] as object, { quantity: { numeric: -5 } })],
        }),
        failedCall,
      ],
    },
    outcome: { kind: 'dropped', index: 0 },
  },
  {
    name: 'transfers that are not a list',
    endpoint: 'history',
    body: { data: [failedCall, with_(nativeSend, { transfers: 'many' })] },
    outcome: { kind: 'dropped', index: 1 },
  },
  {
    name: 'a spam flag that is not a boolean',
    endpoint: 'history',
    body: {
      data: [
        with_(spamNft, {
          transfers: [
            {
              nft_info: { name: 'x', flags: { is_spam: 'no' } },
              direction: 'in',
              quantity: { numeric: '1' },
            },
          ],
        }),
        nativeSend,
      ],
    },
    outcome: { kind: 'dropped', index: 0 },
  },
  {
    name: 'a javascript: token icon',
    endpoint: 'history',
    body: {
      data: [
        with_(nativeSend, {
          transfers: [
            {
              fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'javascript:alert(1)' } },
              direction: 'out',
              quantity: { numeric: '1' },
            },
          ],
        }),
      ],
    },
    outcome: { kind: 'cleaned', index: 0, path: 'transfers.0.fungible_info.icon' },
  },
  {
    name: 'a data: NFT preview that is not an image',
    endpoint: 'history',
    body: {
      data: [
        with_(spamNft, {
          transfers: [
            {
              nft_info: {
                name: 'x',
                flags: { is_spam: false },
                content: { preview: { url: 'data:text/html,<script>alert(1)</script>' } },
              },
              direction: 'in',
              quantity: { numeric: '1' },
            },
          ],
        }),
      ],
    },
    outcome: { kind: 'cleaned', index: 0, path: 'transfers.0.nft_info.content.preview' },
  },
]
