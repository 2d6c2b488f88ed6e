/**
 * The auth service as the frame calls it: JSON over fetch from the frame's origin (the one origin the service answers),
 * the session token as a bearer. An error answer becomes a FrameHandlerError with the service's message, which the kit
 * shows; a network failure says the service cannot be reached.
 */
import { FrameHandlerError } from '@latchkey/core/embedded'

/** The user record of GET /v1/user. */
export interface AuthUser {
  id: string
  email: string
  evmAddress: string
  solanaAddress: string
  preferredAccountType: 'eoa' | 'smartAccount' | null
  smartAccountEnabledNetworks: (number | string)[]
}

export interface AuthApi {
  call<T>(path: string, options?: { body?: unknown; token?: string; method?: 'GET' | 'POST' }): Promise<T>
}

export function createAuthApi(
  baseUrl: string,
  fetcher: typeof fetch = globalThis.fetch.bind(globalThis),
): AuthApi {
  return {
    async call<T>(path: string, options: { body?: unknown; token?: string; method?: 'GET' | 'POST' } = {}) {
      const headers: Record<string, string> = {}
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      let response: Response
      try {
        response = await fetcher(`${baseUrl}${path}`, {
          method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
          headers,
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
          credentials: 'omit',
        })
      } catch {
        throw new FrameHandlerError('The wallet service cannot be reached. Try again in a moment.')
      }
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { code?: unknown; message?: unknown } }
        | undefined
      if (!response.ok) {
        const message =
          typeof body?.error?.message === 'string'
            ? body.error.message
            : `The wallet service answered ${response.status}.`
        throw new AuthApiError(
          message,
          response.status,
          typeof body?.error?.code === 'string' ? body.error.code : undefined,
        )
      }
      return body as T
    },
  }
}

/** An error answer of the auth service: its message for the kit, its status and code for the frame's own decisions. */
export class AuthApiError extends FrameHandlerError {
  constructor(
    message: string,
    readonly status: number,
    readonly apiCode: string | undefined,
  ) {
    super(message)
  }
}
