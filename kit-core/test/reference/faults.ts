/**
 * Eight copies of the reference adapter, each with one seeded fault of the kind real adapters ship with.
 * Each fault breaks exactly one conformance check; the suite's own test proves the suite notices.
 */
import type { EIP1193Provider } from 'viem'
import { type AccountType, ProviderRpcError, RpcErrorCode, type SignMessageParams } from '../../src/index.js'
import type { ConformanceCheckId } from '../../src/testing/index.js'
import { ReferenceEvmAdapter } from './reference-adapter.js'

/** Reports every account as a smart account, whatever it is. */
class WrongAccountType extends ReferenceEvmAdapter {
  protected override accountType(): AccountType {
    return 'smartAccount'
  }
}

/** Treats the amount as gwei and sends a billion times too much. */
class AmountInWrongUnit extends ReferenceEvmAdapter {
  protected override valueToSend(value: bigint): bigint {
    return value * 10n ** 9n
  }
}

/** "Normalises" the message with a trailing newline before signing it. */
class SignsAlteredMessage extends ReferenceEvmAdapter {
  protected override encodeMessage(message: SignMessageParams['message']): `0x${string}` {
    return super.encodeMessage(typeof message === 'string' ? `${message}\n` : message)
  }
}

/** Remembers the chain of the connection and moves the wallet back to it before every send. */
class StaleChainBeforeSend extends ReferenceEvmAdapter {
  private connectedChainId: number | undefined
  protected override async beforeSend(connection: { provider: EIP1193Provider }): Promise<void> {
    this.connectedChainId ??= Number(this.getNetwork()?.id)
    const current = Number(await this.call<string>(connection.provider, 'eth_chainId'))
    if (current !== this.connectedChainId) {
      const network = this.networks.find((n) => n.id === this.connectedChainId)
      if (network) await this.askWalletToSwitch(connection.provider, network)
    }
  }
  override async connect(...args: Parameters<ReferenceEvmAdapter['connect']>) {
    const result = await super.connect(...args)
    this.connectedChainId = Number(result.network.id)
    return result
  }
}

/** Wraps every wallet error in a generic internal error, losing the user's rejection. */
class LosesRejectionCode extends ReferenceEvmAdapter {
  protected override async call<T>(
    provider: EIP1193Provider,
    method: string,
    params?: unknown[],
  ): Promise<T> {
    try {
      return await super.call<T>(provider, method, params)
    } catch (error) {
      throw new ProviderRpcError(RpcErrorCode.InternalError, 'Wallet request failed', { cause: error })
    }
  }
}

/** Announces a network change on its own switch and again on the wallet's echo of it. */
class DuplicateNetworkEvents extends ReferenceEvmAdapter {
  protected override settleNetwork(network: Parameters<ReferenceEvmAdapter['settleNetwork']>[0]): void {
    const connection = this.connection
    if (!connection) return
    connection.network = network
    this.events.emit('networkChanged', { network })
  }
}

/** Restores by asking for accounts again, which prompts the user on every reload. */
class PromptsOnRestore extends ReferenceEvmAdapter {
  protected override async readAccountsForRestore(provider: EIP1193Provider): Promise<`0x${string}`[]> {
    return this.call<`0x${string}`[]>(provider, 'eth_requestAccounts')
  }
}

/** Clears its memory on disconnect but leaves the stored connection behind. */
class KeepsStoredConnection extends ReferenceEvmAdapter {
  protected override async forgetConnection(): Promise<void> {}
}

/** Each faulted adapter with the one check its fault must break. */
export const SEEDED_FAULTS: readonly {
  check: ConformanceCheckId
  fault: string
  Adapter: typeof ReferenceEvmAdapter
}[] = [
  { check: 'connect', fault: 'reports every account as a smart account', Adapter: WrongAccountType },
  { check: 'send', fault: 'sends the amount as gwei', Adapter: AmountInWrongUnit },
  { check: 'sign', fault: 'signs the message with a trailing newline', Adapter: SignsAlteredMessage },
  {
    check: 'switch-network',
    fault: 'moves the wallet back to the first chain before sending',
    Adapter: StaleChainBeforeSend,
  },
  { check: 'rejection', fault: 'wraps a user rejection as an internal error', Adapter: LosesRejectionCode },
  {
    check: 'events',
    fault: 'emits networkChanged twice for its own switch',
    Adapter: DuplicateNetworkEvents,
  },
  { check: 'restore', fault: 'asks for accounts again on restore', Adapter: PromptsOnRestore },
  { check: 'disconnect', fault: 'leaves the stored connection behind', Adapter: KeepsStoredConnection },
]
