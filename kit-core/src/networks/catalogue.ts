import { defineNetwork } from './define.js'

// Each network is its own named export, so a bundler keeps only the ones a host imports.
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

export const mainnet = /*#__PURE__*/ defineNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
})

export const sepolia = /*#__PURE__*/ defineNetwork({
  id: 11155111,
  chainNamespace: 'eip155',
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.drpc.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
})

export const soneium = /*#__PURE__*/ defineNetwork({
  id: 1868,
  chainNamespace: 'eip155',
  name: 'Soneium',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://rpc.soneium.org'] } },
  blockExplorers: { default: { name: 'Blockscout', url: 'https://soneium.blockscout.com' } },
})

export const soneiumMinato = /*#__PURE__*/ defineNetwork({
  id: 1946,
  chainNamespace: 'eip155',
  name: 'Soneium Minato',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://rpc.minato.soneium.org'] } },
  blockExplorers: { default: { name: 'Blockscout', url: 'https://soneium-minato.blockscout.com' } },
  testnet: true,
})

export const solana = /*#__PURE__*/ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
})

export const solanaDevnet = /*#__PURE__*/ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
})

export const solanaTestnet = /*#__PURE__*/ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: true,
})

/** Bitcoin's RPC URLs are Esplora HTTP APIs. */
export const bitcoin = /*#__PURE__*/ defineNetwork({
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
})

export const bitcoinTestnet = /*#__PURE__*/ defineNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
})
