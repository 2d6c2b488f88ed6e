/**
 * The embedded wallet's place in the kit's late controllers, kept small: whether the kit can offer it (a secure frame URL,
 * a projectId, a browser) and the loader of the chunk that holds the rest (`../embedded/kit-embedded.js`: whether the
 * features offer it, the hooks, the frame, the login), which only such a kit loads: at once when email login was used
 * before, else on first need (SPEC §4).
 */
import type { KitEmbedded, KitEmbeddedDeps } from '../embedded/kit-embedded.js'
import { LatchkeyError } from '../errors/errors.js'
import * as Messages from '../errors/messages.js'
import type { LateControllers } from './late-controllers.js'

/** SPEC §8's toast when the embedded wallet cannot start. */
export const AUTH_INIT_FAILED = Messages.authInitFailed

type Of<K extends keyof KitEmbedded> = KitEmbedded[K]

/** What the kit offers of the embedded wallet; each call but the synchronous ones loads its chunk first. */
export interface EmbeddedSetup {
  /** The kit's start decided the features (the late controllers are there). */
  decide(controllers: LateControllers): void
  /** The controller. @throws 'Unable to load email login dependency'; the off message when the features say no. */
  load: Of<'load'>
  current: Of<'current'>
  adapterProvider: Of<'adapterProvider'>
  preload: Of<'preload'>
  restore: Of<'restore'>
  connectOn: Of<'connectOn'>
  accountType: Of<'accountType'>
  /** The visitor leaves ApproveTransaction (the modal's back button): see {@link KitEmbedded}'s `cancelApproval`. */
  cancelApproval(): void
  /** The modal closed with an empty transaction stack: the embedded wallet's pending requests are rejected. */
  rejectPendingRequests(): void
  /** The modal closed while transactions wait: each is cancelled and its request aborted. */
  cancelTransactions(): void
  destroy(): void
}

export function createEmbeddedSetup(deps: Omit<KitEmbeddedDeps, 'decided'>): EmbeddedSetup | undefined {
  const { options } = deps
  if (!options.services.secureFrameUrl || !options.projectId || !options.environment.window?.document)
    return undefined
  let decide: (controllers: LateControllers) => void = () => undefined
  const decided = new Promise<LateControllers>((resolve) => (decide = resolve))
  let loading: Promise<KitEmbedded> | undefined
  let loaded: KitEmbedded | undefined
  const rest = (): Promise<KitEmbedded> =>
    (loading ??= import('../embedded/kit-embedded.js').then(
      (module) => (loaded = module.createKitEmbedded({ ...deps, decided })),
      (error: unknown) => {
        loading = undefined
        deps.snackbar.showError(AUTH_INIT_FAILED)
        throw new LatchkeyError(Messages.unableToLoadEmailLogin, { cause: error })
      },
    ))
  return {
    decide: (controllers) => decide(controllers),
    load: async () => (await rest()).load(),
    current: () => loaded?.current(),
    adapterProvider: async () => (await rest()).adapterProvider(),
    // Ahead of need: a chunk that does not load is said by the toast now and by the visitor's request later.
    preload: () =>
      rest().then(
        (embedded) => embedded.preload(),
        (error: unknown) => deps.logWarn('The embedded wallet could not start', error),
      ),
    restore: async (namespace) => (await rest()).restore(namespace),
    connectOn: async (network) => (await rest()).connectOn(network),
    accountType: (namespace) => loaded?.accountType(namespace),
    // Nothing is pending before the chunk loaded: these only act on a loaded one.
    cancelApproval: () => loaded?.cancelApproval(),
    rejectPendingRequests: () => loaded?.rejectPendingRequests(),
    cancelTransactions: () => loaded?.cancelTransactions(),
    destroy: () => loaded?.destroy(),
  }
}
