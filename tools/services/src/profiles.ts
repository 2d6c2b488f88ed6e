import { getTestAccount } from '@latchkey/evm-chains'

/** A fixture name for one test account. */
interface ProfileFixture {
  /** Mnemonic account index of the owner. */
  account: number
  name: string
  /** The avatar's image id at /public/getAssetImage/{id}, when the profile has one. */
  avatar?: string
  /** Registration time, seconds since the epoch. */
  registered: number
}

/** Names of some test accounts: 0 and 2 with an avatar, 1 without. Every other address has none. */
const PROFILES: readonly ProfileFixture[] = [
  { account: 0, name: 'alice.latchkey.id', avatar: 'avatar-alice', registered: 1_735_689_600 },
  { account: 1, name: 'bob.latchkey.id', registered: 1_738_368_000 },
  { account: 2, name: 'carol.latchkey.id', avatar: 'avatar-carol', registered: 1_740_787_200 },
]

/** The coin type of Ethereum (SLIP-44), the key of `addresses` in a profile. */
const ETH_COIN_TYPE = '60'

function findProfile(address: string): (ProfileFixture & { address: string }) | undefined {
  const wanted = address.toLowerCase()
  for (const profile of PROFILES) {
    const owner = getTestAccount(profile.account).address
    if (owner.toLowerCase() === wanted) return { ...profile, address: owner }
  }
  return undefined
}

/** GET /v1/identity/{address}: `{ name, avatar }`, both null for an address without a fixture. */
export function identityOf(address: string, baseUrl: string): { name: string | null; avatar: string | null } {
  const profile = findProfile(address)
  if (!profile) return { name: null, avatar: null }
  return {
    name: profile.name,
    avatar: profile.avatar ? `${baseUrl}/public/getAssetImage/${profile.avatar}` : null,
  }
}

/** GET /v1/profile/reverse/{address}: the names that point at the address (an empty list for most). */
export function reverseProfilesOf(address: string, baseUrl: string): unknown[] {
  const profile = findProfile(address)
  if (!profile) return []
  const created = new Date(profile.registered * 1000).toISOString()
  return [
    {
      name: profile.name,
      registered: profile.registered,
      updated: profile.registered,
      addresses: { [ETH_COIN_TYPE]: { address: profile.address, created } },
      attributes: profile.avatar ? [{ avatar: `${baseUrl}/public/getAssetImage/${profile.avatar}` }] : [],
    },
  ]
}
