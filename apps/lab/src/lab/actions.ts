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
  /** Sends `amount` of the native currency to `to` (empty: the namespace's default); resolves with the hash. */
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
      return (await adapter.sendTransaction({ to, value })).hash
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
      return result.hash
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
