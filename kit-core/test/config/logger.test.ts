import { describe, expect, test, vi } from 'vitest'
import {
  createLogger,
  DEFAULT_LOG_LEVEL,
  LOG_BUFFER_BYTES,
  redactSecrets,
} from '../../src/controllers/config/index.js'

const silentSink = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })

describe('logger', () => {
  test('[§9.27] the default level is error; the debug option lowers it to debug', () => {
    expect(DEFAULT_LOG_LEVEL).toBe('error')
    const sink = silentSink()
    const logger = createLogger({ sink })
    expect(logger.level).toBe('error')
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e')
    expect(sink.debug).not.toHaveBeenCalled()
    expect(sink.info).not.toHaveBeenCalled()
    expect(sink.warn).not.toHaveBeenCalled()
    expect(sink.error).toHaveBeenCalledWith('[latchkey] e')
    expect(logger.getLogs()).toHaveLength(1)

    const debugSink = silentSink()
    const debugLogger = createLogger({ debug: true, sink: debugSink })
    expect(debugLogger.level).toBe('debug')
    debugLogger.debug('details', { step: 1 })
    expect(debugSink.debug).toHaveBeenCalledWith('[latchkey] details {"step":1}')
  })

  test('[§9.27] keeps at most 1,024,000 bytes of recent lines, dropping the oldest', () => {
    expect(LOG_BUFFER_BYTES).toBe(1_024_000)
    const logger = createLogger({ sink: silentSink(), now: () => 0 })
    const chunk = 'x'.repeat(10_000)
    for (let i = 0; i < 120; i++) logger.error(`line-${String(i).padStart(3, '0')} ${chunk}`)
    const logs = logger.getLogs()
    expect(logger.getBufferSize()).toBeLessThanOrEqual(LOG_BUFFER_BYTES)
    expect(logger.getBufferSize()).toBeGreaterThan(LOG_BUFFER_BYTES - 11_000)
    expect(logs.at(-1)).toContain('line-119')
    expect(logs[0]).not.toContain('line-000')
    const total = logs.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8'), 0)
    expect(total).toBe(logger.getBufferSize())
  })

  test('counts bytes as UTF-8, not characters', () => {
    const logger = createLogger({ sink: silentSink(), bufferBytes: 200, now: () => 0 })
    logger.error('é€😀')
    expect(logger.getBufferSize()).toBe(Buffer.byteLength(logger.getLogs()[0] ?? '', 'utf8'))
  })

  test('[§9.27] never logs the project id, private keys or mnemonics', () => {
    const sink = silentSink()
    const projectId = 'my-project-id-value'
    const logger = createLogger({ sink, secrets: [projectId], level: 'debug' })
    const key = `0x${'ab'.repeat(32)}`
    const mnemonic = 'test test test test test test test test test test test junk'
    logger.error(`fetch https://api.example/x?projectId=${projectId}&st=appkit failed`)
    logger.warn('imported', key, mnemonic)
    logger.info({
      privateKey: 'hunter2',
      nested: { mnemonic: 'a b c' },
      address: '0x1234567890abcdef1234567890abcdef12345678',
    })
    logger.debug(`id ${'f'.repeat(32)}`)
    const all = [...logger.getLogs(), ...Object.values(sink).flatMap((fn) => fn.mock.calls.flat())].join('\n')
    expect(all).not.toContain(projectId)
    expect(all).not.toContain('ab'.repeat(32))
    expect(all).not.toContain('test test test')
    expect(all).not.toContain('hunter2')
    expect(all).not.toContain('f'.repeat(32))
    // An address is not a secret.
    expect(all).toContain('0x1234567890abcdef1234567890abcdef12345678')
    expect(all).toContain('[redacted]')
  })

  test('redactSecrets leaves ordinary text alone', () => {
    expect(redactSecrets('Connection failed: user rejected')).toBe('Connection failed: user rejected')
    expect(redactSecrets('projectId=abc123&x=1')).toBe('projectId=[redacted]&x=1')
  })

  test('a throwing sink never breaks the caller, and the level can change', () => {
    const logger = createLogger({
      sink: {
        debug: () => {},
        info: () => {},
        warn: () => {},
        error: () => {
          throw new Error('console gone')
        },
      },
    })
    expect(() => logger.error('x')).not.toThrow()
    logger.setLevel('silent')
    logger.error('y')
    expect(logger.getLogs()).toHaveLength(1)
    logger.addSecret('late-secret')
    logger.setLevel('error')
    logger.error('late-secret here')
    expect(logger.getLogs()[1]).not.toContain('late-secret')
    logger.clearLogs()
    expect(logger.getLogs()).toEqual([])
  })
})
