import type { AdapterEventName, AdapterEvents, ChainAdapter } from '../adapter/adapter.js'
import { formatCaipAddress } from '../caip/caip.js'
import { RpcErrorCode } from '../errors/rpc-codes.js'
import { check, equal, rejectsWithCode, sameList, sleep, waitFor } from './assert.js'
import type { ConformanceCheckId, ConformanceEnvironment, ConformanceOptions } from './types.js'

const MESSAGE = 'Latchkey conformance: sign this message to prove you hold the key.'

/** Connects on the first network, checking the result is consistent; returns the active address. */
async function connect(env: ConformanceEnvironment, options: ConformanceOptions): Promise<string> {
  const [network] = options.networks
  const result = await env.adapter.connect({ connectorId: options.connectorId, network })
  const active = result.accounts[0]
  check(active, 'connect returned no account')
  equal(result.network.caipNetworkId, network.caipNetworkId, 'connect: network')
  return active.address
}

/** Counts each adapter event, so a check can assert "exactly once per cause". */
function countEvents(adapter: ChainAdapter) {
  const names: AdapterEventName[] = ['accountsChanged', 'networkChanged', 'disconnected', 'connectorsChanged']
  const seen: { [E in AdapterEventName]: AdapterEvents[E][] } = {
    accountsChanged: [],
    networkChanged: [],
    disconnected: [],
    connectorsChanged: [],
  }
  const stops = names.map((name) =>
    adapter.on(name, (payload) => {
      ;(seen[name] as unknown[]).push(payload)
    }),
  )
  return {
    seen,
    reset: () => {
      for (const name of names) seen[name].length = 0
    },
    stop: () => {
      for (const stop of stops) stop()
    },
  }
}

type Check = (env: ConformanceEnvironment, options: ConformanceOptions) => Promise<void>

const checkConnect: Check = async (env, options) => {
  const [network] = options.networks
  const result = await env.adapter.connect({ connectorId: options.connectorId, network })
  check(result.accounts.length > 0, 'connect returned no accounts')
  sameList(
    result.accounts.map((a) => a.type),
    options.expectedAccountTypes,
    'account types',
  )
  for (const account of result.accounts) {
    equal(account.caipAddress, formatCaipAddress(network.caipNetworkId, account.address), 'caipAddress')
  }
  sameList(
    env.adapter.getAccounts().map((a) => a.caipAddress),
    result.accounts.map((a) => a.caipAddress),
    'getAccounts() after connect',
  )
  equal(env.adapter.getNetwork()?.caipNetworkId, network.caipNetworkId, 'getNetwork() after connect')
  const address = result.accounts[0]!.address
  const [balance, probed] = await Promise.all([
    env.adapter.getBalance({ address, network }),
    env.probe.getBalance(address, network),
  ])
  equal(balance.value, probed, 'balance against the chain')
  equal(balance.decimals, network.nativeCurrency.decimals, 'balance decimals')
  equal(balance.symbol, network.nativeCurrency.symbol, 'balance symbol')
  equal(balance.formatted, env.adapter.formatUnits(probed, balance.decimals), 'formatted balance')
}

const checkSend: Check = async (env, options) => {
  const [network] = options.networks
  const from = await connect(env, options)
  const to = await env.recipient()
  const [fromBefore, toBefore] = await Promise.all([
    env.probe.getBalance(from, network),
    env.probe.getBalance(to, network),
  ])
  const { hash } = await env.adapter.sendTransaction({ to, value: options.amount, network })
  const tx = await env.probe.getTransaction(hash)
  equal(tx.from.toLowerCase(), from.toLowerCase(), 'transaction sender')
  equal(tx.to.toLowerCase(), to.toLowerCase(), 'transaction recipient')
  equal(tx.value, options.amount, 'transaction value')
  const [fromAfter, toAfter] = await Promise.all([
    env.probe.getBalance(from, network),
    env.probe.getBalance(to, network),
  ])
  equal(toAfter - toBefore, options.amount, 'recipient balance rise')
  equal(fromBefore - fromAfter, options.amount + tx.fee, 'sender balance fall (amount + fee)')
}

const checkSign: Check = async (env, options) => {
  const [network] = options.networks
  const address = await connect(env, options)
  const { signature, address: signer } = await env.adapter.signMessage({ message: MESSAGE })
  equal(signer.toLowerCase(), address.toLowerCase(), 'signing account')
  const valid = await env.probe.verifySignature({ address, message: MESSAGE, signature, network })
  check(valid, 'the signature does not verify against the account with the chain library')
  check(
    await env.adapter.verifyMessage({ address, message: MESSAGE, signature, network }),
    'adapter.verifyMessage rejected a valid signature',
  )
  check(
    !(await env.adapter.verifyMessage({ address, message: `${MESSAGE}!`, signature, network })),
    'adapter.verifyMessage accepted a signature for another message',
  )
}

/**
 * Whether the connector switches network without asking the wallet (`networkSwitch: 'adapter'`, as on Solana:
 * the wallet signs for whatever cluster the adapter targets).
 */
function switchesWithoutWallet(env: ConformanceEnvironment, options: ConformanceOptions): boolean {
  return env.adapter.getConnectors().find((c) => c.id === options.connectorId)?.networkSwitch === 'adapter'
}

const checkSwitchNetwork: Check = async (env, options) => {
  const [, target] = options.networks
  await connect(env, options)
  const prompts = await env.wallet.promptCount()
  const result = await env.adapter.switchNetwork({ network: target })
  if (switchesWithoutWallet(env, options)) {
    equal(result.via, 'adapter', 'switchNetwork result of an adapter-side switch')
    equal(await env.wallet.promptCount(), prompts, 'wallet prompts during an adapter-side switch')
  }
  equal(result.network.caipNetworkId, target.caipNetworkId, 'switchNetwork result')
  equal(env.adapter.getNetwork()?.caipNetworkId, target.caipNetworkId, 'getNetwork() after switch')
  const { hash } = await env.adapter.sendTransaction({ to: await env.recipient(), value: options.amount })
  const tx = await env.probe.getTransaction(hash)
  equal(tx.caipNetworkId, target.caipNetworkId, 'chain of the next transaction')
}

const checkRejection: Check = async (env, options) => {
  const [network, target] = options.networks
  const address = await connect(env, options)
  const accounts = env.adapter.getAccounts().map((a) => a.caipAddress)
  const balance = await env.probe.getBalance(address, network)
  await env.wallet.setPolicy('reject')
  const code = RpcErrorCode.UserRejectedRequest
  await rejectsWithCode(() => env.adapter.signMessage({ message: MESSAGE }), code, 'a rejected signMessage')
  // An adapter-side switch never asks the wallet, so there is nothing to reject (the switch-network check
  // proves it asks nothing).
  if (!switchesWithoutWallet(env, options)) {
    await rejectsWithCode(
      () => env.adapter.switchNetwork({ network: target }),
      code,
      'a rejected switchNetwork',
    )
  }
  await rejectsWithCode(
    async () => env.adapter.sendTransaction({ to: await env.recipient(), value: options.amount }),
    code,
    'a rejected sendTransaction',
  )
  equal(env.adapter.getNetwork()?.caipNetworkId, network.caipNetworkId, 'network after rejections')
  sameList(
    env.adapter.getAccounts().map((a) => a.caipAddress),
    accounts,
    'accounts after rejections',
  )
  equal(await env.probe.getBalance(address, network), balance, 'balance after a rejected send')
}

const checkEvents: Check = async (env, options) => {
  const [network, target] = options.networks
  const settle = options.settleMs ?? 300
  const timeout = options.eventTimeoutMs ?? 10_000
  await connect(env, options)
  await sleep(settle) // let connect's own events pass before counting
  const events = countEvents(env.adapter)
  try {
    const expectOnly = async (name: AdapterEventName, cause: string) => {
      await waitFor(() => events.seen[name].length > 0, timeout, `${name} after ${cause}`)
      await sleep(settle)
      for (const other of ['accountsChanged', 'networkChanged', 'disconnected'] as const) {
        equal(events.seen[other].length, other === name ? 1 : 0, `${other} events after ${cause}`)
      }
    }
    const before = env.adapter.getAccounts()[0]?.address
    await env.wallet.switchAccount()
    await expectOnly('accountsChanged', 'the user switched account in the wallet')
    const after = events.seen.accountsChanged[0]?.accounts[0]?.address
    check(after !== undefined && after !== before, 'accountsChanged did not carry the new account')

    events.reset()
    await env.wallet.switchNetwork(target)
    await expectOnly('networkChanged', 'the user switched network in the wallet')
    equal(
      events.seen.networkChanged[0]?.network.caipNetworkId,
      target.caipNetworkId,
      'networkChanged network',
    )

    events.reset()
    await env.adapter.switchNetwork({ network })
    await expectOnly('networkChanged', 'the dApp switched network')
    equal(
      events.seen.networkChanged[0]?.network.caipNetworkId,
      network.caipNetworkId,
      'networkChanged network',
    )

    events.reset()
    await env.wallet.disconnect()
    await expectOnly('disconnected', 'the user disconnected in the wallet')
  } finally {
    events.stop()
  }
}

const checkRestore: Check = async (env, options) => {
  await connect(env, options)
  const accounts = env.adapter.getAccounts().map((a) => a.caipAddress)
  const prompts = await env.wallet.promptCount()
  const reloaded = await env.createAdapter()
  try {
    const restored = await reloaded.reconnect()
    check(restored, 'reconnect() found nothing to restore after a connection')
    sameList(
      restored.accounts.map((a) => a.caipAddress),
      accounts,
      'restored accounts',
    )
    sameList(
      reloaded.getAccounts().map((a) => a.caipAddress),
      accounts,
      'getAccounts() after restore',
    )
    equal(reloaded.getNetwork()?.caipNetworkId, options.networks[0].caipNetworkId, 'network after restore')
    equal(await env.wallet.promptCount(), prompts, 'wallet prompts during restore')
  } finally {
    reloaded.destroy()
  }
  // The page is closed, the user revokes the site in the wallet, the page loads again: restoring must
  // find nothing, and must not ask the user to connect.
  env.adapter.destroy()
  await env.wallet.disconnect()
  const afterRevoke = await env.createAdapter()
  try {
    equal(await afterRevoke.reconnect(), null, 'reconnect() after the wallet revoked the site')
    equal(afterRevoke.getAccounts().length, 0, 'accounts after the wallet revoked the site')
    equal(await env.wallet.promptCount(), prompts, 'wallet prompts while restoring a revoked connection')
  } finally {
    afterRevoke.destroy()
  }
}

const checkDisconnect: Check = async (env, options) => {
  await connect(env, options)
  await env.adapter.disconnect()
  equal(env.adapter.getAccounts().length, 0, 'accounts after disconnect')
  equal(env.adapter.getNetwork(), undefined, 'network after disconnect')
  const reloaded = await env.createAdapter()
  try {
    equal(await reloaded.reconnect(), null, 'reconnect() after disconnect')
    equal(reloaded.getAccounts().length, 0, 'accounts of a reloaded adapter after disconnect')
  } finally {
    reloaded.destroy()
  }
}

export const CONFORMANCE_CHECKS: readonly { id: ConformanceCheckId; title: string; run: Check }[] = [
  {
    id: 'connect',
    title: 'connect: accounts, their types, and the balance the chain reports',
    run: checkConnect,
  },
  {
    id: 'send',
    title: 'send: recipient rises by the amount, sender falls by amount plus fee',
    run: checkSend,
  },
  { id: 'sign', title: 'sign: the signature verifies against the account', run: checkSign },
  {
    id: 'switch-network',
    title: 'switch network: the next transaction carries the new chain',
    run: checkSwitchNetwork,
  },
  { id: 'rejection', title: 'rejection: code 4001, state unchanged', run: checkRejection },
  { id: 'events', title: 'events: each fires exactly once per cause', run: checkEvents },
  {
    id: 'restore',
    title:
      'restore: a fresh instance reconnects without a prompt, and finds nothing once the wallet revoked it',
    run: checkRestore,
  },
  { id: 'disconnect', title: "disconnect: clears the adapter's state", run: checkDisconnect },
]
