// What keeps WalletKit off WalletConnect's hosted services, in Node and in a browser alike: the wallet runs against a
// local relay with no internet, and the SDK (2.25) has no option that turns its Verify client off.
import type { ICore, IVerify } from '@walletconnect/types'

/** Whether this runs in Node (a page has no `process.versions.node`, or no `process` at all). */
export const inNode: boolean = typeof process !== 'undefined' && typeof process.versions?.node === 'string'

/**
 * Makes `core` answer without the hosted services, before WalletKit starts on it:
 *
 * - Verify: the wallet side resolves an attestation for every proposal and request (`resolve`: a fetch to
 *   verify.walletconnect.org, aborted after 5 s; with a JWT attestation, a public-key fetch that never settles when
 *   it fails), and a dApp side in a page registers one (`register`: an iframe that never errors, 5 s). No option turns
 *   this off (the metadata's `verifyUrl` is replaced by the public server unless it is one of the two trusted URLs);
 *   the SDK itself skips both only in a test run (`isTestRun()`, `process.env.IS_VITEST`, which a page does not
 *   have). Core's `verify` member (the `IVerify` contract of @walletconnect/types) is replaced by one that does what
 *   the SDK's does in a test run: `register` attests nothing and `resolve` finds nothing, at once, so every proposal
 *   and request reaches the wallet with the validation `UNKNOWN` and no request leaves the machine.
 * - Telemetry: `telemetryEnabled: false` (given to the Core) stops every event but the `INIT` one WalletKit sends
 *   when it starts (`eventClient.init()` posts it to pulse.walletconnect.org unless in a test run); that call is made
 *   a no-op.
 */
export function keepOffline(core: ICore): void {
  const verify: IVerify = {
    core,
    logger: core.logger,
    store: core.storage,
    context: 'verify-api',
    register: async () => '',
    // The SDK's type promises an origin; its own test-run path answers '' too, which its callers read as "nothing".
    resolve: async () => '' as unknown as { origin: string },
  }
  core.verify = verify
  core.eventClient.init = async () => {}
}
