/** Message signatures through the adapter: the wallet signs (BIP-322 or BIP-137), `verifyMessage` checks them. */
import { expect, test } from 'vitest'
import { adapterFor, fundedKeys, localRegtest, PROVIDER_ID, testWallet } from './support.js'

test('a BIP-322 signature of the ordinals (P2TR) address, and a BIP-137 one of the payment address, verify', async () => {
  const { discoveryTarget, unregister } = testWallet(await fundedKeys(1))
  try {
    const adapter = await adapterFor(discoveryTarget)
    const { accounts } = await adapter.connect({ connectorId: PROVIDER_ID, network: localRegtest })
    const ordinals = accounts.find((account) => account.type === 'ordinal')?.address ?? ''
    const payment = accounts.find((account) => account.type === 'payment')?.address ?? ''
    expect(ordinals).toMatch(/^bcrt1p/)
    expect(payment).toMatch(/^bcrt1q/)
    const verify = (address: string, message: string, signature: string) =>
      adapter.verifyMessage({ address, message, signature, network: localRegtest })
    const message = 'Sign in to lab.latchkey.test\nNonce: 5f0c9e'

    const bip322 = await adapter.signMessage({ message, address: ordinals, protocol: 'bip322' })
    expect(Buffer.from(bip322.signature, 'base64')).toHaveLength(66) // a one-item witness: 64-byte Schnorr
    expect(await verify(ordinals, message, bip322.signature)).toBe(true)
    expect(await verify(ordinals, `${message}!`, bip322.signature)).toBe(false)
    expect(await verify(payment, message, bip322.signature)).toBe(false)

    const bip137 = await adapter.signMessage({ message, address: payment, protocol: 'ecdsa' })
    expect(Buffer.from(bip137.signature, 'base64')).toHaveLength(65)
    expect(await verify(payment, message, bip137.signature)).toBe(true)
    await adapter.disconnect()
  } finally {
    unregister()
  }
})
