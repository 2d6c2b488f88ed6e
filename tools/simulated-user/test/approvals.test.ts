import { describe, expect, it } from 'vitest'
import { createApprovals, type PromptEntry } from '../src/index.js'

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
let ids = 0
const entry = (method = 'personal_sign'): PromptEntry => ({ id: ++ids, method, params: [], prompted: false })

describe('the simulated user', () => {
  it('approves or rejects by the policy, marking the entry as prompted', async () => {
    const user = createApprovals('approve', rejection)
    const approved = entry()
    await expect(user.prompt(approved)).resolves.toBeUndefined()
    expect(approved.prompted).toBe(true)
    user.setPolicy('reject')
    await expect(user.prompt(entry())).rejects.toMatchObject({ code: 4001 })
    expect(() => user.setPolicy('maybe' as 'approve')).toThrow("Unknown policy 'maybe'")
    expect(() => createApprovals('never' as 'approve', rejection)).toThrow('Unknown policy')
  })

  it('holds requests for approve / reject by id or oldest first, handing each out once', async () => {
    const user = createApprovals('hold', rejection)
    const first = entry('eth_sendTransaction')
    const second = entry('personal_sign')
    const settled: string[] = []
    const a = user.prompt(first).then(() => settled.push('first approved'))
    const b = user.prompt(second).catch((error: { code: number }) => settled.push(`second ${error.code}`))
    expect(user.pending().map((p) => p.method)).toEqual(['eth_sendTransaction', 'personal_sign'])
    expect((await user.nextPending()).id).toBe(first.id)
    expect((await user.nextPending()).id).toBe(second.id)
    user.reject(second.id)
    user.approve()
    await Promise.all([a, b])
    expect(settled.sort()).toEqual(['first approved', 'second 4001'])
    expect(() => user.approve()).toThrow('No request is pending.')
    expect(() => user.reject(99)).toThrow('No pending request with id 99.')
  })

  it('nextPending waits for a request to be held', async () => {
    const user = createApprovals('hold', rejection)
    const next = user.nextPending()
    const held = entry()
    void user.prompt(held)
    expect((await next).id).toBe(held.id)
    user.approve(held.id)
  })
})
