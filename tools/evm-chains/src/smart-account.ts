import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { LatchkeySmartAccount } from './contracts.generated.js'
import { EvmChainsError } from './errors.js'

export { LatchkeySmartAccount } from './contracts.generated.js'

export interface DeploySmartAccountOptions {
  /** The local chain's JSON-RPC endpoint (anvil: the deployer is funded with anvil_setBalance). */
  rpcUrl: string
  /** The key that signs for the account. */
  owner: Address
}

/**
 * Deploys a fresh {@link LatchkeySmartAccount} owned by `owner`: an ERC-1271 contract account whose
 * `isValidSignature(hash, signature)` answers 0x1626ba7e exactly when `owner` signed `hash`. A throwaway key
 * funded with `anvil_setBalance` pays for it, so no shared test account's nonce moves.
 * @returns the account's address, once the deployment is mined.
 * @throws EvmChainsError when the deployment reverts or leaves no contract.
 */
export async function deploySmartAccount({ rpcUrl, owner }: DeploySmartAccountOptions): Promise<Address> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const deployer = privateKeyToAccount(generatePrivateKey() as Hex)
  const publicClient = createPublicClient({ transport })
  const chainId = await publicClient.getChainId()
  await createTestClient({ mode: 'anvil', transport }).setBalance({
    address: deployer.address,
    value: 10n ** 18n,
  })
  const chain = defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const wallet = createWalletClient({ account: deployer, chain, transport })
  const hash = await wallet.deployContract({
    abi: LatchkeySmartAccount.abi,
    bytecode: LatchkeySmartAccount.bytecode,
    args: [owner],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new EvmChainsError(`Deploying LatchkeySmartAccount for ${owner} failed (${receipt.status})`)
  }
  return receipt.contractAddress
}
