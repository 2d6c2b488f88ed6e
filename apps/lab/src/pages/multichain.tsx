// /multichain: the wagmi, Solana and Bitcoin adapters in one kit. The multi-chain test wallet (EVM and Solana under
// one name) is one entry of the modal; the Bitcoin test wallet connects beside it.
import { BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import { SolanaAdapter } from '@latchkey/adapter-solana'
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { Keypair } from '@solana/web3.js'
import { createLabActions } from '../lab/actions.js'
import { createBitcoinActions, createSolanaActions } from '../lab/chain-actions.js'
import {
  labBitcoinNetworks,
  labEsploraUrls,
  labNetworks,
  labSolanaNetworks,
  pageConfig,
} from '../lab/page-config.js'
import { mountChainLabPage } from '../lab/react-page.js'

const config = pageConfig(document)
const esploraUrls = labEsploraUrls(config)
const evm = new WagmiAdapter({ networks: labNetworks(config) })
const solana = new SolanaAdapter()
const bitcoin = new BitcoinAdapter({ esploraUrls })
mountChainLabPage({
  title: 'multi-chain · React',
  adapters: [evm, solana, bitcoin],
  networks: (c) => [...labNetworks(c), ...labSolanaNetworks(c), ...labBitcoinNetworks(c)],
  actions: (kit, c) => ({
    eip155: createLabActions({
      adapter: evm,
      activeNetwork: () => kit.getCaipNetwork(),
      lusd: c.evm.tokens.LUSD,
    }),
    solana: createSolanaActions({
      adapter: solana,
      mint: c.solana.mint,
      defaultRecipient: Keypair.generate().publicKey.toBase58(),
    }),
    bip122: createBitcoinActions({
      adapter: bitcoin,
      activeNetwork: () => kit.getCaipNetwork(),
      esploraUrls,
    }),
  }),
})
