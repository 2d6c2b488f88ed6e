'use client'

import { useLatchkeyAccount } from '@latchkey/react'
import { useBalance, useConnection } from 'wagmi'

/** What Latchkey's and wagmi's hooks say of the visitor, side by side (the server renders it too). */
export function AccountPanel() {
  const account = useLatchkeyAccount()
  const wagmi = useConnection()
  const balance = useBalance({ address: wagmi.address })
  return (
    <dl>
      <dt>Latchkey</dt>
      <dd data-testid="lk-status">{account.status}</dd>
      <dd data-testid="lk-address">{account.address ?? 'no address'}</dd>
      <dt>wagmi</dt>
      <dd data-testid="wagmi-status">{wagmi.status}</dd>
      <dd data-testid="wagmi-balance">{balance.data ? `${balance.data.value} wei` : 'no balance'}</dd>
    </dl>
  )
}
