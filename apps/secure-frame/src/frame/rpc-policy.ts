/**
 * The frame enforces SPEC §6's lists (`rpcPolicy`, shared with the kit in `@latchkey/core/embedded`): this is the
 * boundary. Here: the frame's answers of a refusal.
 */
export { methodNamespace, rpcPolicy } from '@latchkey/core/embedded'

/** SPEC §6's refusal. */
export const NOT_ALLOWED = 'Requested RPC call is not allowed'
/** EIP-1193's unsupported method code. */
export const UNSUPPORTED_CODE = 4200
/** EIP-1193's user rejection. */
export const USER_REJECTED = { message: 'User rejected the request.', code: 4001 } as const
