// Message signing: personal_sign and eth_signTypedData_v4, with the wallet's local keys.

import { isAddress, isHex } from 'viem/utils'
import { keyFor } from './connection.js'
import { invalidParams } from './errors.js'
import { isObject, paramsArray, quantity } from './params.js'
import type { MethodHandlers, WalletState } from './state.js'

export function signingHandlers(state: WalletState): MethodHandlers {
  const { approvals } = state
  return {
    personal_sign: async (params, entry) => {
      let [message, address] = paramsArray(params, 'personal_sign', 2)
      // Some sites send [address, message]; accept that when it is unambiguous.
      if (typeof message === 'string' && isAddress(message, { strict: false })) {
        if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
          ;[message, address] = [address, message]
        }
      }
      if (typeof message !== 'string') throw invalidParams('the message must be a string (hex or UTF-8)')
      const key = keyFor(state, address, 'address')
      await approvals.prompt(entry)
      keyFor(state, key.address, 'address')
      return key.signMessage({
        message: isHex(message, { strict: true }) && message.length % 2 === 0 ? { raw: message } : message,
      })
    },

    eth_signTypedData_v4: async (params, entry) => {
      const [address, raw] = paramsArray(params, 'eth_signTypedData_v4', 2)
      const key = keyFor(state, address, 'address')
      let typedData: unknown = raw
      if (typeof raw === 'string') {
        try {
          typedData = JSON.parse(raw)
        } catch {
          throw invalidParams('the typed data is not valid JSON')
        }
      }
      if (
        !isObject(typedData) ||
        !isObject(typedData.types) ||
        typeof typedData.primaryType !== 'string' ||
        !isObject(typedData.message) ||
        (typedData.domain !== undefined && !isObject(typedData.domain))
      ) {
        throw invalidParams('typed data needs types, primaryType, domain and message')
      }
      const domain = (typedData.domain ?? {}) as Record<string, unknown>
      if (domain.chainId !== undefined && domain.chainId !== null) {
        const domainChain =
          typeof domain.chainId === 'string' && !domain.chainId.startsWith('0x')
            ? Number(domain.chainId)
            : Number(quantity(domain.chainId, 'domain.chainId'))
        if (domainChain !== state.chainId) {
          throw invalidParams(
            `Provided chainId "${domainChain}" must match the active chainId "${state.chainId}"`,
          )
        }
      }
      await approvals.prompt(entry)
      keyFor(state, key.address, 'address')
      try {
        return await key.signTypedData({
          domain,
          types: typedData.types,
          primaryType: typedData.primaryType,
          message: typedData.message,
          // biome-ignore lint/suspicious/noExplicitAny: typed data arrives untyped over JSON-RPC
        } as any)
      } catch (error) {
        throw invalidParams(error instanceof Error ? error.message.split('\n')[0]! : String(error))
      }
    },
  }
}
