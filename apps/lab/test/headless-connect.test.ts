/**
 * Core's connect flow with no UI at all, through the real path: the multi-chain test wallet (EVM and Solana under
 * one name) announced on a page of its own, the ethers and Solana adapters, the local chains. A headless host gets
 * the rules the modal follows: one entry for the wallet, each namespace connected in turn.
 */
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { SolanaAdapter } from '@latchkey/adapter-solana'
import { createKitCore, createMemoryStorage, nodeEnvironment } from '@latchkey/core'
import { createTestWallet } from '@latchkey/evm-wallet'
import { getTestKeypair } from '@latchkey/solana-chains'
import { createMultichainTestWallet } from '@latchkey/solana-wallet'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { labNetworks, labSolanaNetworks } from '../src/lab/page-config.js'
import { MULTICHAIN_WALLET } from '../src/lab/wallet-settings.js'
import { stack } from './support.js'

describe('a headless kit connects the multi-chain wallet through core’s connect flow', () => {
  test('one MULTI_CHAIN entry; eip155 and solana connected in turn, each signing with its own key', async () => {
    const config = stack()
    const page = new EventTarget()
    const evmWallet = createTestWallet({
      ...MULTICHAIN_WALLET,
      chains: config.evm.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
      // Index 18 of the test mnemonic: read and sign only, never sends, so no other test's nonce moves.
      accountIndices: [18],
    })
    const solanaKey = getTestKeypair(7)
    const wallet = createMultichainTestWallet({
      evmWallet,
      solana: {
        secretKeys: [solanaKey.secretKey],
        clusters: config.solana.clusters.map(({ name, rpcUrl, genesisHash }) => ({
          name,
          rpcUrl,
          genesisHash,
        })),
      },
    })
    const stop = wallet.announce(page)
    const kit = createKitCore({
      networks: [...labNetworks(config), ...labSolanaNetworks(config)],
      adapters: [new EthersAdapter(), new SolanaAdapter()],
      metadata: { name: 'Headless', description: 'no UI', url: 'https://headless.example', icons: [] },
      storage: createMemoryStorage(),
      environment: nodeEnvironment({ window: page as unknown as Window }),
    })
    try {
      await kit.ready
      const entries = kit.controllers.connectors.state
        .get()
        .connectors.filter((entry) => entry.name === MULTICHAIN_WALLET.name)
      expect(entries).toHaveLength(1)
      const [entry] = entries
      expect(entry?.type).toBe('MULTI_CHAIN')
      expect(entry?.connectors?.map((member) => member.chain)).toEqual(['eip155', 'solana'])
      if (!entry) return

      expect(await kit.controllers.connectFlow.connectEntry(entry)).toBe('connected')
      expect(kit.getAccount('eip155')).toMatchObject({ isConnected: true, address: evmWallet.address })
      expect(kit.getAccount('solana')).toMatchObject({
        isConnected: true,
        address: solanaKey.publicKey.toBase58(),
      })
      // One prompt per namespace, each answered by the wallet's own side.
      expect(
        wallet
          .prompts()
          .map((entry) => entry.namespace)
          .sort(),
      ).toEqual(['eip155', 'solana'])

      const signed = await kit.signMessage('headless', 'eip155')
      expect(
        await verifyMessage({
          address: evmWallet.address,
          message: 'headless',
          signature: signed as `0x${string}`,
        }),
      ).toBe(true)
      const adapter = kit.controllers.options.adapters.get('solana')
      const solanaSigned = await kit.signMessage('headless', 'solana')
      expect(
        await adapter?.verifyMessage({
          address: solanaKey.publicKey.toBase58(),
          message: 'headless',
          signature: solanaSigned,
          network: kit.getCaipNetwork('solana') ?? labSolanaNetworks(config)[0]!,
        }),
      ).toBe(true)
    } finally {
      kit.destroy()
      stop()
    }
  })
})
