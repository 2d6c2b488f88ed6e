import { createHash } from 'node:crypto'
import { CHAIN_IDS } from './chains.js'

/** One wallet of the listing, as GET /getWallets sends it (SPEC §3 "Wallet listing"). */
export interface ListedWallet {
  /** 64 hex characters. */
  id: string
  name: string
  homepage: string | null
  /** The image served at /getWalletImage/{image_id}. */
  image_id: string
  /** Rank in the listing (1 first). */
  order: number
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  rdns: string | null
  /** CAIP-2 ids. */
  chains: string[]
  badge_type: 'none' | 'certified'
}

/** A 64-hex wallet id derived from a seed (stable across runs, never a real listing's id). */
function walletId(seed: string): string {
  return createHash('sha256').update(`latchkey-wallet:${seed}`).digest('hex')
}

/** A UUID-shaped image id derived from a seed. */
function imageId(seed: string): string {
  const hex = createHash('sha256').update(`latchkey-image:${seed}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

const EVM = [CHAIN_IDS.ethereum, CHAIN_IDS.optimism, CHAIN_IDS.polygon, CHAIN_IDS.base, CHAIN_IDS.arbitrum]
const LOCAL = [CHAIN_IDS.local, CHAIN_IDS.local2]

/** Chain sets handed out in turn to the invented wallets, so every filter has hits and misses. */
const CHAIN_SETS: readonly (readonly string[])[] = [
  [...EVM, ...LOCAL],
  [CHAIN_IDS.ethereum, CHAIN_IDS.base, ...LOCAL],
  [...EVM, CHAIN_IDS.solana],
  [CHAIN_IDS.solana],
  [CHAIN_IDS.bitcoin],
  [CHAIN_IDS.ethereum, CHAIN_IDS.polygon, CHAIN_IDS.solana, CHAIN_IDS.bitcoin],
  [CHAIN_IDS.ethereum, CHAIN_IDS.arbitrum, CHAIN_IDS.optimism],
]

/** Invented wallet names (no real brand), in listing order after the named wallets. */
const INVENTED_NAMES = [
  'Amberlock',
  'Basalt Vault',
  'Cinderpine Wallet',
  'Driftwood Keys',
  'Emberfold',
  'Fernhollow Wallet',
  'Gullwing Vault',
  'Hazelcrest',
  'Ironbark Wallet',
  'Juniper Pocket',
  'Kestrel Keys',
  'Lanternfish Wallet',
  'Marrowstone',
  'Nettlewood Wallet',
  'Obsidian Quay',
  'Pebblebrook Wallet',
  'Quartzline',
  'Rookery Wallet',
  'Saltmarsh Vault',
  'Thistledown Wallet',
  'Umberglow',
  'Vellum Keys',
  'Willowisp Wallet',
  'Xylo Wallet',
  'Yarrowfield',
  'Zephyr Quill',
  'Alderbrook Vault',
  'Bramblecoin Wallet',
  'Copperfinch',
  'Dunlin Wallet',
  'Elderflower Keys',
  'Foxglove Vault',
  'Garnet Harbor',
  'Hollyhock Wallet',
  'Inkcap Wallet',
  'Jasper Tern',
  'Kelpwood',
  'Lichen Vault',
  'Moorhen Wallet',
  'Nightjar Keys',
  'Oakmoss Wallet',
  'Puffin Purse',
  'Quillwort Vault',
  'Ravenmark',
  'Sandpiper Wallet',
  'Tidewater Keys',
  'Upland Vault',
  'Verdigris Wallet',
  'Wrenfield',
  'Yellowhammer Wallet',
  'Zinnia Vault',
  'Aster Orbit',
  'Bluebell Satchel',
  'Cormorant Wallet',
  'Dogwood Vault',
  'Eiderdown Keys',
] as const

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '')
}

/** An invented wallet: links in the shapes wallets use, on reserved `.example` domains. */
function inventedWallet(name: string, index: number, order: number): ListedWallet {
  const slug = slugOf(name)
  const rdns = `app.${slug}`
  const universal = index % 3 === 0
  return {
    id: walletId(slug),
    name,
    homepage: `https://${slug}.example`,
    image_id: imageId(slug),
    order,
    // Deep links: a custom scheme (`amberlock://`) or a universal link (`https://…/wc`).
    mobile_link: index % 5 === 4 ? null : universal ? `https://link.${slug}.example/wc` : `${slug}://`,
    desktop_link: index % 4 === 1 ? `${slug}-desktop://` : null,
    webapp_link: index % 6 === 2 ? `https://app.${slug}.example` : null,
    app_store: index % 5 === 4 ? null : `https://apps.apple.com/app/id${1_600_000_000 + index * 7919}`,
    play_store: index % 5 === 4 ? null : `https://play.google.com/store/apps/details?id=${rdns}`,
    rdns: index % 7 === 6 ? null : rdns,
    chains: [...(CHAIN_SETS[index % CHAIN_SETS.length] ?? EVM)],
    badge_type: index % 3 === 1 ? 'certified' : 'none',
  }
}

/** The wallets SPEC rules name (the MetaMask rdns rule, the Solana mobile redirects, 'Browser Wallet'). */
function namedWallets(): ListedWallet[] {
  return [
    {
      id: walletId('metamask'),
      name: 'MetaMask',
      homepage: 'https://metamask.io',
      image_id: imageId('metamask'),
      order: 1,
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
      app_store: 'https://apps.apple.com/app/id1438144202',
      play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
      rdns: 'io.metamask',
      chains: [...EVM, ...LOCAL],
      badge_type: 'certified',
    },
    {
      id: walletId('phantom'),
      name: 'Phantom',
      homepage: 'https://phantom.app',
      image_id: imageId('phantom'),
      order: 2,
      mobile_link: 'phantom://',
      desktop_link: null,
      webapp_link: null,
      app_store: 'https://apps.apple.com/app/id1598432977',
      play_store: 'https://play.google.com/store/apps/details?id=app.phantom',
      rdns: 'app.phantom',
      chains: [CHAIN_IDS.solana, CHAIN_IDS.ethereum, CHAIN_IDS.base, CHAIN_IDS.polygon, CHAIN_IDS.bitcoin],
      badge_type: 'certified',
    },
    {
      id: walletId('coinbase-wallet'),
      name: 'Coinbase Wallet',
      homepage: 'https://www.coinbase.com/wallet',
      image_id: imageId('coinbase-wallet'),
      order: 3,
      mobile_link: 'cbwallet://',
      desktop_link: null,
      webapp_link: null,
      app_store: 'https://apps.apple.com/app/id1278383455',
      play_store: 'https://play.google.com/store/apps/details?id=org.toshi',
      rdns: 'com.coinbase.wallet',
      chains: [...EVM, CHAIN_IDS.solana],
      badge_type: 'certified',
    },
    {
      id: walletId('solflare'),
      name: 'Solflare',
      homepage: 'https://solflare.com',
      image_id: imageId('solflare'),
      order: 4,
      mobile_link: 'https://solflare.com/ul/v1/',
      desktop_link: null,
      webapp_link: 'https://solflare.com/access-wallet',
      app_store: 'https://apps.apple.com/app/id1580902717',
      play_store: 'https://play.google.com/store/apps/details?id=com.solflare.mobile',
      rdns: 'com.solflare',
      chains: [CHAIN_IDS.solana, CHAIN_IDS.solanaDevnet],
      badge_type: 'none',
    },
    {
      id: walletId('browser-wallet'),
      name: 'Browser Wallet',
      homepage: null,
      image_id: imageId('browser-wallet'),
      order: 5,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      rdns: null,
      chains: [...EVM, ...LOCAL],
      badge_type: 'none',
    },
  ]
}

/**
 * The stand-in's default listing: the five named wallets, then 56 invented ones with realistic fields
 * (64-hex ids, rdns, custom-scheme and universal deep links, desktop and web links, store links, CAIP-2 chains
 * over eip155, solana and bip122, certified badges). A fresh array each call.
 */
export function fixtureWallets(): ListedWallet[] {
  const named = namedWallets()
  return [
    ...named,
    ...INVENTED_NAMES.map((name, index) => inventedWallet(name, index, named.length + index + 1)),
  ]
}

/** Ids of the named fixture wallets, for tests and the lab. */
export const FIXTURE_WALLET_IDS = {
  metamask: walletId('metamask'),
  phantom: walletId('phantom'),
  coinbase: walletId('coinbase-wallet'),
  solflare: walletId('solflare'),
  browserWallet: walletId('browser-wallet'),
} as const

/**
 * `count` synthetic wallets for scale tests ('Generated Wallet 0001' …), with the same field shapes as the
 * fixture and ids that differ from it.
 * @throws RangeError when `count` is not a whole number in 0..100000.
 */
export function generateWallets(count: number): ListedWallet[] {
  if (!Number.isInteger(count) || count < 0 || count > 100_000) {
    throw new RangeError(`generateWallets: count must be a whole number in 0..100000, got ${count}`)
  }
  return Array.from({ length: count }, (_, index) => {
    const label = String(index + 1).padStart(4, '0')
    const wallet = inventedWallet(`Generated Wallet ${label}`, index, index + 1)
    return { ...wallet, id: walletId(`generated-${label}`), image_id: imageId(`generated-${label}`) }
  })
}
