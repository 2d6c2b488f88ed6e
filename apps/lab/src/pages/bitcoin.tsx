// /bitcoin: the Bitcoin adapter (sats-connect and Wallet Standard wallets) with kit-react on the two local networks.
import { BitcoinAdapter } from '@latchkey/adapter-bitcoin'
import { createBitcoinActions } from '../lab/chain-actions.js'
import { labBitcoinNetworks, labEsploraUrls, pageConfig } from '../lab/page-config.js'
import { mountChainLabPage } from '../lab/react-page.js'

const esploraUrls = labEsploraUrls(pageConfig(document))
const adapter = new BitcoinAdapter({ esploraUrls })
mountChainLabPage({
  title: 'Bitcoin · React',
  adapters: [adapter],
  networks: labBitcoinNetworks,
  actions: (kit) => ({
    bip122: createBitcoinActions({ adapter, activeNetwork: () => kit.getCaipNetwork(), esploraUrls }),
  }),
})
