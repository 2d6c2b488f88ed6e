import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
} from 'viem'
import { DEPLOYER_ADDRESS, getDeployerAccount, getTestAccounts } from './accounts.js'
import { LatchkeyTether, LatchkeyToken, LatchkeyUSD } from './contracts.generated.js'
import { EvmChainsError } from './errors.js'

export { LatchkeyTether, LatchkeyToken, LatchkeyUSD } from './contracts.generated.js'

export type TokenSymbol = 'LUSD' | 'LKT' | 'LUSDT'

/** Token addresses, identical on every local chain (same deployer, same nonces). */
export type EvmTokenAddresses = Record<TokenSymbol, Address>

/**
 * Where the tokens live: CREATE addresses of the deployer (mnemonic account 19) at nonces 0, 1, 2,
 * the first three transactions on every fresh local chain.
 */
export const TOKEN_ADDRESSES = {
  LUSD: getContractAddress({ from: DEPLOYER_ADDRESS, nonce: 0n }),
  LKT: getContractAddress({ from: DEPLOYER_ADDRESS, nonce: 1n }),
  LUSDT: getContractAddress({ from: DEPLOYER_ADDRESS, nonce: 2n }),
} as const satisfies EvmTokenAddresses

/** Address of LUSD (Latchkey USD, 6 decimals). */
export const LUSD_ADDRESS: Address = TOKEN_ADDRESSES.LUSD
/** Address of LKT (Latchkey Token, 18 decimals). */
export const LKT_ADDRESS: Address = TOKEN_ADDRESSES.LKT
/** Address of LUSDT (Latchkey Tether, 6 decimals, USDT-style). */
export const LUSDT_ADDRESS: Address = TOKEN_ADDRESSES.LUSDT

/** The standard ERC-20 ABI of LUSD and LKT (transfer, transferFrom and approve return bool). */
export const ERC20_ABI = LatchkeyUSD.abi
/** LUSDT's USDT-style ABI: transfer, transferFrom and approve have no outputs. */
export const USDT_STYLE_ABI = LatchkeyTether.abi

export interface TokenInfo<TAbi extends Abi = Abi> {
  symbol: TokenSymbol
  name: string
  decimals: number
  address: Address
  /** Deployment nonce of the deployer. */
  nonce: number
  /** false for USDT-style tokens whose transfer/transferFrom/approve return nothing. */
  returnsBool: boolean
  abi: TAbi
  bytecode: Hex
}

/** Everything about the three tokens, in deployment order. */
export const TOKENS = {
  LUSD: {
    symbol: 'LUSD',
    name: 'Latchkey USD',
    decimals: 6,
    address: TOKEN_ADDRESSES.LUSD,
    nonce: 0,
    returnsBool: true,
    abi: LatchkeyUSD.abi,
    bytecode: LatchkeyUSD.bytecode,
  },
  LKT: {
    symbol: 'LKT',
    name: 'Latchkey Token',
    decimals: 18,
    address: TOKEN_ADDRESSES.LKT,
    nonce: 1,
    returnsBool: true,
    abi: LatchkeyToken.abi,
    bytecode: LatchkeyToken.bytecode,
  },
  LUSDT: {
    symbol: 'LUSDT',
    name: 'Latchkey Tether',
    decimals: 6,
    address: TOKEN_ADDRESSES.LUSDT,
    nonce: 2,
    returnsBool: false,
    abi: LatchkeyTether.abi,
    bytecode: LatchkeyTether.bytecode,
  },
} as const satisfies Record<TokenSymbol, TokenInfo>

/** A viem chain for a local chain (for wallet and public clients). */
export function localViemChain(chain: { chainId: number; name: string; rpcUrl: string }): Chain {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  })
}

/**
 * Deploys LUSD, LKT and LUSDT from the deployer (account 19) at nonces 0, 1, 2 on a fresh chain,
 * minting 1,000,000 of each to test accounts 0..9, and checks they landed at TOKEN_ADDRESSES.
 */
export async function deployTokens(chain: {
  chainId: number
  name: string
  rpcUrl: string
}): Promise<EvmTokenAddresses> {
  const viemChain = localViemChain(chain)
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 20 })
  const account = getDeployerAccount()
  const walletClient = createWalletClient({ account, chain: viemChain, transport, pollingInterval: 20 })

  const nonce = await publicClient.getTransactionCount({ address: account.address })
  if (nonce !== 0) {
    throw new EvmChainsError(
      `The token deployer ${account.address} has nonce ${nonce} on ${chain.name} (${chain.rpcUrl}); tokens are deployed on a fresh chain only.`,
    )
  }
  const holders = getTestAccounts().map((holder) => holder.address)
  for (const token of Object.values(TOKENS)) {
    const hash = await walletClient.deployContract({
      abi: token.abi,
      bytecode: token.bytecode,
      args: [holders],
      nonce: token.nonce,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (
      receipt.status !== 'success' ||
      receipt.contractAddress?.toLowerCase() !== token.address.toLowerCase()
    ) {
      throw new EvmChainsError(
        `Deploying ${token.symbol} on ${chain.name} failed: status ${receipt.status}, address ${receipt.contractAddress}, expected ${token.address}.`,
      )
    }
  }
  return { ...TOKEN_ADDRESSES }
}
