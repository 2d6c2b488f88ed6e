// /solana: the Solana adapter (Wallet Standard wallets) with kit-react on the two local clusters: SOL and SPL.
import { SolanaAdapter } from '@latchkey/adapter-solana'
import { Keypair } from '@solana/web3.js'
import { createSolanaActions } from '../lab/chain-actions.js'
import { labSolanaNetworks } from '../lab/page-config.js'
import { mountChainLabPage } from '../lab/react-page.js'

const adapter = new SolanaAdapter()
mountChainLabPage({
  title: 'Solana · React',
  adapters: [adapter],
  networks: labSolanaNetworks,
  actions: (_kit, config) => ({
    solana: createSolanaActions({
      adapter,
      mint: config.solana.mint,
      defaultRecipient: Keypair.generate().publicKey.toBase58(),
    }),
  }),
})
