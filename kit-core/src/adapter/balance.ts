import type { BalanceResult, BalanceService } from './adapter.js'

/**
 * The native balance through the kit's Blockchain API (the adapter context's `balanceService`), or null when
 * the adapter should read the chain itself: no service configured, a network it does not serve, or a service
 * that failed. Never throws: a failing service is no reason to fail a balance the chain can give.
 */
export async function balanceFromService(
  service: BalanceService | undefined,
  params: Parameters<BalanceService['getBalance']>[0],
): Promise<BalanceResult | null> {
  if (!service) return null
  try {
    return await service.getBalance(params)
  } catch {
    return null
  }
}
