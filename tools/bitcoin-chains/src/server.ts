// The HTTP face of one network: Esplora's REST subset plus a few /latchkey/ control endpoints.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOCALHOST } from '@latchkey/local-ports'
import { BitcoinChainsError, TxRejectedError } from './errors.js'
import { addressJson, addressTxsJson, FEE_ESTIMATES, txJson, txStatus, utxoJson } from './esplora.js'
import type { Ledger } from './ledger.js'
import { addressScript } from './script.js'

/** The controls the server exposes besides the ledger. */
export interface NetworkControls {
  readonly ledger: Ledger
  /** Whether each accepted transaction is mined at once. */
  autoMine: boolean
}

const MAX_BODY_BYTES = 4 * 1024 * 1024
const TXID = /^[0-9a-fA-F]{64}$/

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const isText = typeof body === 'string'
  response.writeHead(status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  })
  response.end(isText ? body : JSON.stringify(body))
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `Request body larger than ${MAX_BODY_BYTES} bytes`))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'The body must be a JSON object')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'The body must be a JSON object')
  return value as Record<string, unknown>
}

function rpcErrorText(error: TxRejectedError): string {
  return `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`
}

async function route(
  controls: NetworkControls,
  method: string,
  path: string,
  request: IncomingMessage,
): Promise<[number, unknown]> {
  const { ledger } = controls
  const network = ledger.network
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
  const [first, second, third, fourth] = segments
  const scriptOf = (address: string): Uint8Array => {
    const script = addressScript(address, network)
    if (!script) throw new HttpError(400, `Invalid Bitcoin address: ${address}`)
    return script
  }
  const txOf = (txid: string) => {
    if (!TXID.test(txid)) throw new HttpError(400, `Invalid hex string: ${txid}`)
    const record = ledger.tx(txid.toLowerCase())
    if (!record) throw new HttpError(404, 'Transaction not found')
    return record
  }

  if (method === 'POST') {
    const body = await readBody(request)
    if (segments.length === 1 && first === 'tx') {
      const hexBody = body.trim()
      if (!/^([0-9a-fA-F]{2})+$/.test(hexBody))
        return [
          400,
          rpcErrorText(
            new TxRejectedError(-22, 'TX decode failed', 'the body must be the raw transaction in hex'),
          ),
        ]
      try {
        const txid = ledger.accept(hexBody)
        if (controls.autoMine) ledger.mine(1)
        return [200, txid]
      } catch (error) {
        if (error instanceof TxRejectedError) return [400, rpcErrorText(error)]
        throw error
      }
    }
    if (first === 'latchkey' && segments.length === 2) {
      const options = parseJsonObject(body)
      if (second === 'mine') {
        const blocks = options.blocks ?? 1
        if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > 1000)
          throw new HttpError(400, '`blocks` must be an integer from 1 to 1000')
        const mined = ledger.mine(blocks)
        return [
          200,
          {
            height: ledger.tip().height,
            hashes: mined.map((block) => block.hash),
            txids: mined.flatMap((block) => block.txids.slice(1)),
          },
        ]
      }
      if (second === 'fund') {
        const { address, amount } = options
        if (typeof address !== 'string') throw new HttpError(400, '`address` must be a string')
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > 21e14)
          throw new HttpError(400, '`amount` must be a positive integer number of satoshis')
        const funded = ledger.fund(scriptOf(address), amount)
        return [200, { txid: funded.txid, vout: funded.vout, height: funded.block.height }]
      }
      if (second === 'automine') {
        if (typeof options.enabled !== 'boolean') throw new HttpError(400, '`enabled` must be a boolean')
        controls.autoMine = options.enabled
        return [200, { autoMine: controls.autoMine }]
      }
    }
    throw new HttpError(404, 'Not found')
  }
  if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'Method not allowed')

  if (first === 'address' && second !== undefined) {
    const script = scriptOf(second)
    if (segments.length === 2) return [200, addressJson(ledger, second, script)]
    if (segments.length === 3 && third === 'utxo') return [200, utxoJson(ledger, script)]
    if (segments.length === 3 && third === 'txs') return [200, addressTxsJson(ledger, script, network)]
  }
  if (first === 'tx' && second !== undefined) {
    const record = txOf(second)
    if (segments.length === 2) return [200, txJson(record, network)]
    if (segments.length === 3 && third === 'hex') return [200, record.hex]
    if (segments.length === 3 && third === 'status') return [200, txStatus(record)]
    if (segments.length === 3 && third === 'outspends') {
      return [
        200,
        record.tx.outs.map((_, vout) => {
          const spender = ledger.spender(record.txid, vout)
          if (!spender) return { spent: false }
          const spending = ledger.tx(spender)!
          const vin = spending.tx.ins.findIndex(
            (input) =>
              Buffer.from(input.hash).reverse().toString('hex') === record.txid && input.index === vout,
          )
          return { spent: true, txid: spender, vin, status: txStatus(spending) }
        }),
      ]
    }
  }
  if (first === 'blocks' && second === 'tip' && segments.length === 3) {
    if (third === 'height') return [200, String(ledger.tip().height)]
    if (third === 'hash') return [200, ledger.tip().hash]
  }
  if (first === 'block-height' && second !== undefined && segments.length === 2 && fourth === undefined) {
    const block = /^\d+$/.test(second) ? ledger.blockAt(Number(second)) : undefined
    if (!block) throw new HttpError(404, 'Block not found')
    return [200, block.hash]
  }
  if (first === 'fee-estimates' && segments.length === 1) return [200, FEE_ESTIMATES]
  if (first === 'mempool' && second === 'txids' && segments.length === 2) return [200, ledger.mempoolTxids()]
  throw new HttpError(404, 'Not found')
}

/** Starts the HTTP server of one network on 127.0.0.1:`port` (0 = ephemeral). Resolves with the server and port. */
export function serveNetwork(
  controls: NetworkControls,
  port: number,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      response.end()
      return
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    route(controls, request.method ?? 'GET', path, request)
      .then(([status, body]) => send(response, status, body))
      .catch((error: unknown) => {
        if (error instanceof HttpError) send(response, error.status, error.message)
        else if (error instanceof BitcoinChainsError) send(response, 400, error.message)
        else send(response, 500, 'Internal error')
      })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host: LOCALHOST, exclusive: true }, () => {
      server.off('error', reject)
      resolve({ server, port: (server.address() as AddressInfo).port })
    })
  })
}
