// The lab's actions over any eip155 adapter (wagmi, ethers, ethers5 implement the same ChainAdapter contract),
// so every page calls the kit the same way. Browser-only code.
import type { CaipNetwork, ChainAdapter } from '@latchkey/core'
import { erc20AbiFor } from '@latchkey/core/eip155'

/** The message `lab-sign` asks the wallet to sign (tests verify the signature over it). */
export const LAB_SIGN_MESSAGE = 'Hello from the Latchkey lab'
/** Where EVM sends go when the recipient field is empty (nobody's key). */
export const DEFAULT_EVM_RECIPIENT = '0x000000000000000000000000000000000000dEaD'
/** LUSD's decimals (tools/evm-chains deploys it with 6). */
const LUSD_DECIMALS = 6

export interface LabActionInput {
  /** The recipient of the sends. */
  to: string
  /** Decimal amount (ETH for the native send, LUSD for the ERC-20 send). */
  amount: string
}

/** What a page's action buttons call, for the active namespace. */
export interface LabActions {
  /** The native currency's symbol, for the send button's label. */
  symbol: string
  /** Signs {@link LAB_SIGN_MESSAGE}; resolves with the signature. */
  sign(): Promise<string>
  /**
   * Sends `amount` of the native currency to `to` (empty: the namespace's default); resolves with the hash once
   * the transaction is in a block (eip155: its receipt exists; Solana's adapter confirms before it resolves).
   */
  sendNative(input: LabActionInput): Promise<string>
  /** eip155: sends `amount` LUSD to `to` with the token's `transfer`; resolves with the transaction hash. */
  sendErc20?(input: LabActionInput): Promise<string>
  /** solana: sends `amount` of the SPL test mint (LUSD) to `to`; resolves with the signature. */
  sendSpl?(input: LabActionInput): Promise<string>
  /** bip122: builds a PSBT paying `amount` to `to` from one of the wallet's UTXOs, has it signed and broadcast. */
  signPsbt?(input: LabActionInput): Promise<string>
}

/** The EVM pages' actions: every EVM action is there. */
export type EvmLabActions = LabActions & Required<Pick<LabActions, 'sendErc20'>>

/** How often and how long the lab asks for a sent transaction's receipt. */
const RECEIPT_POLL_MS = 100
const RECEIPT_WAIT_MS = 30_000

interface RequestProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
}

/**
 * Resolves once the transaction `hash` has a receipt, read through the wallet's provider, as a dApp waits before
 * it reads balances again: a wallet (and anvil) gives the hash before the block that holds it exists, so a balance
 * read at once can still show the amount before the transfer.
 * @throws when the provider cannot be asked, or no receipt came within {@link RECEIPT_WAIT_MS}.
 */
async function included(adapter: ChainAdapter, hash: string): Promise<string> {
  const provider = adapter.getWalletProvider() as RequestProvider | undefined
  if (typeof provider?.request !== 'function')
    throw new Error('The wallet has no provider to read the receipt')
  const deadline = Date.now() + RECEIPT_WAIT_MS
  for (;;) {
    const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    if (receipt) return hash
    if (Date.now() > deadline) throw new Error(`No receipt for ${hash} within ${RECEIPT_WAIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
}

function checkRecipient(to: string): void {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to))
    throw new Error('The recipient must be an address (0x and 40 hex digits)')
}

/**
 * The actions of a page: its adapter, the active network (read at call time) and the LUSD token's address.
 * @throws (from each action) the adapter's errors, e.g. ProviderRpcError 4001 when the wallet declines.
 */
export function createLabActions(params: {
  adapter: ChainAdapter
  activeNetwork: () => CaipNetwork | undefined
  lusd: `0x${string}`
}): EvmLabActions {
  const { adapter } = params
  return {
    symbol: 'ETH',
    async sign() {
      return (await adapter.signMessage({ message: LAB_SIGN_MESSAGE })).signature
    },
    async sendNative({ to: given, amount }) {
      const to = given || DEFAULT_EVM_RECIPIENT
      checkRecipient(to)
      const value = adapter.parseUnits(amount, 18)
      return included(adapter, (await adapter.sendTransaction({ to, value })).hash)
    },
    async sendErc20({ to: given, amount }) {
      const to = given || DEFAULT_EVM_RECIPIENT
      checkRecipient(to)
      if (!adapter.writeContract) throw new Error('This adapter cannot call contracts')
      const network = params.activeNetwork()
      const abi = erc20AbiFor(network?.caipNetworkId ?? '', params.lusd)
      const value = adapter.parseUnits(amount, LUSD_DECIMALS)
      const result = await adapter.writeContract({
        address: params.lusd,
        abi,
        functionName: 'transfer',
        args: [to, value],
      })
      return included(adapter, result.hash)
    },
  }
}

/** A short, readable text for an error shown in `lab-error`. */
/**
 * Whether a lab action moves funds: after one, the panel asks the kit to read the balance again, since the
 * transfer happened outside the kit.
 */
export function movesFunds(action: string): boolean {
  return action.startsWith('send-') || action === 'sign-psbt'
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return code === undefined ? error.message : `${error.message} (${String(code)})`
  }
  return String(error)
}
