// /wagmi: the wagmi adapter with kit-react, and what wagmi's own config sees of the kit's connection.
import { WagmiAdapter } from '@latchkey/adapter-wagmi'
import { getConnection, watchConnection } from '@wagmi/core'
import { useSyncExternalStore } from 'react'
import { labNetworks, pageConfig } from '../lab/page-config.js'
import { mountReactLabPage } from '../lab/react-page.js'

const adapter = new WagmiAdapter({ networks: labNetworks(pageConfig(document)) })
const config = adapter.wagmiConfig
const subscribe = (listener: () => void) => watchConnection(config, { onChange: listener })
const snapshot = () => {
  const { status, chainId } = getConnection(config)
  return `${status}${chainId === undefined ? '' : ` · chain ${chainId}`}`
}

function WagmiView() {
  const text = useSyncExternalStore(subscribe, snapshot)
  return (
    <p className="lab-note">
      wagmi's config sees: <span data-testid="lab-wagmi-status">{text}</span>
    </p>
  )
}

mountReactLabPage({ title: 'wagmi · React', adapter, extra: <WagmiView /> })
