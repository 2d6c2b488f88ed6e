import { LatchkeyButton, LatchkeyNetworkButton } from '@latchkey/react'
import { cookieToInitialState } from '@latchkey/react/server'
import { cookies } from 'next/headers'
import { AccountPanel } from './account-panel'
import { chainsFromEnv } from './networks'
import { Providers } from './providers'

/**
 * The page, a server component rendered per request: the visitor's cookies give Latchkey's initial state (and
 * wagmi's, in the providers), so a returning visitor's account is in the HTML.
 */
export default async function Page() {
  const cookie = (await cookies()).toString()
  return (
    <Providers
      chains={chainsFromEnv(process.env.LATCHKEY_NEXT_CHAINS)}
      cookie={cookie}
      initialState={cookieToInitialState(cookie) ?? null}
    >
      <main>
        <h1>Latchkey on Next.js</h1>
        <LatchkeyNetworkButton />
        <LatchkeyButton />
        <AccountPanel />
      </main>
    </Providers>
  )
}
