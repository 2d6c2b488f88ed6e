// (6) The floor: wagmi + React + react-query and one plain button on the injected connector; no modal library.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, useConnect, useConnection, WagmiProvider } from 'wagmi'
import { injected } from 'wagmi/connectors'
import { appRoot, benchConfig } from '../common/bench-config.js'
import { viemChain } from '../common/viem-chains.js'

const bench = benchConfig()
const [a, b] = bench.chains
const connector = injected()
const config = createConfig({
  chains: [viemChain(a), viemChain(b)],
  connectors: [connector],
  transports: { [a.chainId]: http(a.rpcUrl), [b.chainId]: http(b.rpcUrl) },
})
const queryClient = new QueryClient()

function ConnectButton() {
  const { address, status } = useConnection()
  const { mutate } = useConnect()
  if (status === 'connected' && address)
    return <span data-testid="floor-account">{`${address.slice(0, 6)}…${address.slice(-4)}`}</span>
  return (
    <button
      type="button"
      data-testid="floor-connect"
      disabled={status === 'connecting'}
      onClick={() => mutate({ connector: config.connectors[0] ?? connector })}
    >
      Connect Wallet
    </button>
  )
}

createRoot(appRoot()).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectButton />
    </QueryClientProvider>
  </WagmiProvider>,
)
