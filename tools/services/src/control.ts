import type { ListedWallet } from './wallets.js'

/**
 * Per-project state of the stand-in. Everything a test changes is keyed by the request's `projectId` query
 * parameter, so test files sharing one server (the stack's) never see each other's settings, faults or
 * requests: each uses a project id of its own.
 */

/** A failure (or a canned answer) for requests whose path starts with `path`. */
export interface Fault {
  /** Path prefix, e.g. '/getWallets' or '/v1/account/'. */
  path: string
  /** Only this method (GET, POST …); any when left out. */
  method?: string
  /** Answer with this status (and `body`, default `{ "error": … }`). */
  status?: number
  /** Answer `status` (default 200) with this JSON body instead of the real one: hostile data for tests. */
  body?: unknown
  /**
   * 'timeout': never answer; 'reset': drop the connection without an answer. Answers too big, cut short or not JSON:
   * 'oversized' streams a valid JSON object of `sizeBytes` (default 50 MB) in chunks, never held whole, with a
   * Content-Length unless `lengthHeader` is false; 'truncated' announces `sizeBytes` (default 64 KiB), sends half and
   * destroys the socket; 'malformed' answers 200 with an HTML page labelled JSON. `status` replaces their 200.
   */
  fault?: 'timeout' | 'reset' | 'oversized' | 'truncated' | 'malformed'
  /** Size of an 'oversized' answer, or the announced size of a 'truncated' one, bytes. */
  sizeBytes?: number
  /** false: an 'oversized' answer is sent without a Content-Length (chunked). Default true. */
  lengthHeader?: boolean
  /** Wait this long (ms) before answering. */
  delayMs?: number
  /** How many requests it applies to; every one until reset when left out. */
  times?: number
}

/** One request the stand-in received. */
export interface RecordedRequest {
  method: string
  path: string
  /** Query parameters (each name once; the last value wins). */
  query: Record<string, string>
  /** The `x-latchkey-client-id` header, when sent. */
  clientId?: string
  /** The parsed JSON body, or the raw text when it was not JSON; undefined without a body. */
  body?: unknown
  /**
   * For an 'oversized', 'truncated' or 'malformed' fault, updated as the answer goes out: the body bytes written to the
   * socket, and `state` 'sending', then 'sent' (the whole body went out) or 'closed' (the connection closed first: the
   * client hung up, or the 'truncated' fault cut it).
   */
  streamed?: { bytes: number; state: 'sending' | 'sent' | 'closed' }
}

/** What a test may change for its project. Left-out fields keep the server defaults. */
export interface ProjectSettings {
  /** The `features` of GET /appkit/v1/config. */
  features?: unknown
  /** The `allowedOrigins` of GET /projects/v1/origins. */
  allowedOrigins?: unknown
  /** The `isAnalyticsEnabled` of GET /getAnalyticsConfig. */
  isAnalyticsEnabled?: unknown
  /** The listing of GET /getWallets: served as is (hostile entries allowed), or `{ generate: n }`. */
  wallets?: readonly unknown[] | { generate: number }
}

export interface ProjectState {
  settings: Omit<ProjectSettings, 'wallets'> & { wallets?: readonly unknown[] }
  faults: Fault[]
  requests: RecordedRequest[]
  /** Bodies received by POST /e. */
  reports: unknown[]
}

/** Most requests remembered per project (the oldest are dropped). */
const MAX_RECORDED = 2000

/** The control side of the stand-in, in process. The same operations are served over HTTP under /__control. */
export interface ServicesControl {
  /** Changes the settings of `projectId` (merged into earlier changes). */
  setProject(projectId: string, settings: ProjectSettings): void
  /** Adds a fault for `projectId`; the newest matching fault wins. */
  addFault(projectId: string, fault: Fault): void
  /** The requests `projectId` made, oldest first (control requests are not recorded). */
  requests(projectId: string): RecordedRequest[]
  /** The error reports `projectId` sent to POST /e, oldest first. */
  reports(projectId: string): unknown[]
  /**
   * Sets the USD prices `projectId` sees (balances, prices, history), by CAIP-10 token address as POST
   * /v1/fungible/price takes them (`eip155:31337:0xeeee…eeee` or `<caip2>:native` for the native currency): a number,
   * or null for no price (the entry then has no price and no value). Other assets keep the defaults.
   * @throws TypeError naming a malformed address or price.
   */
  setPrices(projectId: string, prices: Record<string, number | null>): Promise<void>
  /**
   * Adds history items of `address` for `projectId` (SPEC §3 Transactions: an NFT transfer, a spam-flagged item),
   * served with the indexed ones, newest first by `metadata.minedAt`; an item with an `id` already added replaces it.
   * @throws TypeError naming the first malformed item.
   */
  addHistory(projectId: string, address: string, items: readonly unknown[]): Promise<void>
  /** Forgets everything about `projectId` (prices and history items too), or about every project when left out. */
  reset(projectId?: string): Promise<void>
}

/** The part of {@link ServicesControl} kept in memory (the rest is in the database). */
type MemoryControl = Omit<ServicesControl, 'setPrices' | 'addHistory' | 'reset'> & {
  reset(projectId?: string): void
}

/** Creates the project registry behind {@link ServicesControl}; `generate` builds `{ generate: n }` listings. */
export function createProjects(generate: (count: number) => ListedWallet[]) {
  const projects = new Map<string, ProjectState>()
  const project = (projectId: string): ProjectState => {
    let state = projects.get(projectId)
    if (!state) {
      state = { settings: {}, faults: [], requests: [], reports: [] }
      projects.set(projectId, state)
    }
    return state
  }

  const control: MemoryControl = {
    setProject(projectId, settings) {
      const { wallets, ...rest } = settings
      const state = project(projectId)
      state.settings = { ...state.settings, ...rest }
      if (wallets !== undefined) {
        state.settings.wallets = Array.isArray(wallets)
          ? [...wallets]
          : generate((wallets as { generate: number }).generate)
      }
    },
    addFault(projectId, fault) {
      if (typeof fault?.path !== 'string' || !fault.path.startsWith('/')) {
        throw new TypeError('a fault needs a path that starts with /')
      }
      project(projectId).faults.unshift({ ...fault })
    },
    requests: (projectId) => [...(projects.get(projectId)?.requests ?? [])],
    reports: (projectId) => [...(projects.get(projectId)?.reports ?? [])],
    reset(projectId) {
      if (projectId === undefined) projects.clear()
      else projects.delete(projectId)
    },
  }

  return {
    control,
    project,
    /** Records a request of `projectId`. */
    record(projectId: string, request: RecordedRequest): void {
      const { requests } = project(projectId)
      requests.push(request)
      if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED)
    },
    /** The newest fault of `projectId` matching the request, used up by one when it has `times`. */
    takeFault(projectId: string, method: string, path: string): Fault | undefined {
      const state = projects.get(projectId)
      if (!state) return undefined
      const index = state.faults.findIndex(
        (fault) => path.startsWith(fault.path) && (!fault.method || fault.method.toUpperCase() === method),
      )
      const fault = state.faults[index]
      if (!fault) return undefined
      if (fault.times !== undefined) {
        fault.times -= 1
        if (fault.times <= 0) state.faults.splice(index, 1)
      }
      return fault
    },
  }
}
