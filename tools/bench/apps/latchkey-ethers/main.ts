// (2) Latchkey + ethers v6 through createKit from @latchkey/ui: no React, the <latchkey-button> custom element.
import { EthersAdapter } from '@latchkey/adapter-ethers'
import { withRpcUrl } from '@latchkey/core/networks'
import { latchkeyLocal, latchkeyLocal2 } from '@latchkey/core/networks/local'
import { createKit } from '@latchkey/ui'
import { appRoot, benchConfig, benchMetadata } from '../common/bench-config.js'

const config = benchConfig()
createKit({
  projectId: config.projectId,
  networks: [
    withRpcUrl(latchkeyLocal, config.chains[0].rpcUrl),
    withRpcUrl(latchkeyLocal2, config.chains[1].rpcUrl),
  ],
  adapters: [new EthersAdapter()],
  metadata: benchMetadata('Latchkey ethers bench'),
})
appRoot().append(document.createElement('latchkey-button'))
