// One session over eip155, solana and bip122 between a sign-client dApp and the wallet, through a local relay,
// answered for real on the stack's chains.
import { type LocalRelay, startRelay } from '@latchkey/wc-relay'
import { base58 } from '@scure/base'
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { SessionTypes } from '@walletconnect/types'
import { networks as bnetworks, Psbt, payments } from 'bitcoinjs-lib'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWcWallet, type WcWallet } from '../src/index.js'
import {
  bitcoinBalance,
  bitcoinChainId,
  chainOptions,
  closeDapp,
  connectionOf,
  createDapp,
  type Dapp,
  EIP155_REQUEST,
  EVM_1,
  EVM_2,
  freshBitcoinAddress,
  fundedBitcoinKeys,
  fundedEvmKey,
  fundedSolanaKeypair,
  nextDappEvent,
  propose,
  SOLANA_1,
  SOLANA_2,
  stack,
  verifyBip137,
  verifyEd25519,
} from './support.js'

let relay: LocalRelay
let wallet: WcWallet
let dapp: Dapp
let session: SessionTypes.Struct
let evmAddress: `0x${string}`
let solanaKeypair: Keypair
let btcChain: string
let btcPayment: string

const hexToBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

const request = <T>(chainId: string, method: string, params: unknown) =>
  dapp.request<T>({ topic: session.topic, chainId, request: { method, params } })

beforeAll(async () => {
  relay = await startRelay({ port: 0 })
  const [evmKey, keypair, btc, chainId] = await Promise.all([
    fundedEvmKey(),
    fundedSolanaKeypair(),
    // Two outputs: sendTransfer spends one, the PSBT below the other (confirmed) one.
    fundedBitcoinKeys(50_000_000, 2),
    bitcoinChainId(0),
  ])
  evmAddress = privateKeyToAddress(evmKey)
  solanaKeypair = keypair
  btcChain = chainId
  btcPayment = btc.address
  ;[wallet, dapp] = await Promise.all([
    createWcWallet({
      relayUrl: relay.url,
      evm: { privateKeys: [evmKey], chains: chainOptions.evmChains() },
      solana: { secretKeys: [keypair.secretKey], clusters: chainOptions.clusters() },
      bitcoin: { keys: [btc.keys], networks: chainOptions.bitcoinNetworks() },
    }),
    createDapp(relay.url),
  ])
})

afterAll(async () => {
  await Promise.all([wallet?.close(), dapp && closeDapp(dapp)])
  await relay?.close()
})

describe('a session over eip155, solana and bip122', () => {
  it('is approved with the wallet’s accounts on every chain the dApp asked for that the wallet knows', async () => {
    const { approval } = await propose(dapp, wallet.pair, {
      eip155: EIP155_REQUEST,
      solana: {
        chains: [SOLANA_1, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
      bip122: {
        chains: [btcChain],
        methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
        events: ['bip122_addressesChanged'],
      },
    })
    session = await approval
    expect(session.peer.metadata.name).toBe('Latchkey WalletConnect Test Wallet')
    // Methods in the wallet's order; compared as sets.
    const sorted = Object.fromEntries(
      Object.entries(session.namespaces).map(([key, value]) => [
        key,
        { ...value, methods: [...value.methods].sort() },
      ]),
    )
    expect(sorted).toEqual({
      eip155: {
        chains: [EVM_1],
        methods: [...EIP155_REQUEST.methods].sort(),
        events: ['chainChanged', 'accountsChanged'],
        accounts: [`${EVM_1}:${evmAddress}`],
      },
      solana: {
        chains: [SOLANA_1],
        methods: ['solana_signAndSendTransaction', 'solana_signMessage', 'solana_signTransaction'],
        events: ['accountsChanged', 'chainChanged'],
        accounts: [`${SOLANA_1}:${solanaKeypair.publicKey.toBase58()}`],
      },
      bip122: {
        chains: [btcChain],
        methods: ['getAccountAddresses', 'sendTransfer', 'signMessage', 'signPsbt'],
        events: ['bip122_addressesChanged'],
        accounts: [`${btcChain}:${btcPayment}`],
      },
    })
    expect(wallet.proposals).toMatchObject([{ status: 'approved', sessionTopic: session.topic }])
    expect(wallet.proposals[0]!.proposer.name).toBe('Wallet test dApp')
    expect(wallet.sessions.map((each) => each.topic)).toEqual([session.topic])
  })

  it('personal_sign: a signature viem verifies', async () => {
    const signature = await request<`0x${string}`>(EVM_1, 'personal_sign', ['0x68656c6c6f', evmAddress])
    expect(await verifyMessage({ address: evmAddress, message: 'hello', signature })).toBe(true)
    expect(wallet.log.at(-1)).toMatchObject({
      method: 'personal_sign',
      chainId: EVM_1,
      outcome: 'approved',
      prompted: true,
      result: signature,
    })
  })

  it('eth_sendTransaction: mined on the local chain, the balance read back', async () => {
    const to = privateKeyToAddress(generatePrivateKey())
    const hash = await request<`0x${string}`>(EVM_1, 'eth_sendTransaction', [
      { from: evmAddress, to, value: `0x${parseEther('0.25').toString(16)}` },
    ])
    const client = createPublicClient({ transport: http(stack.evm.chains[0]!.rpcUrl, { retryCount: 0 }) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.25'))
  })

  it('solana_signMessage: an ed25519 signature Node verifies', async () => {
    const message = new TextEncoder().encode('Sign in to the test dApp')
    const pubkey = solanaKeypair.publicKey.toBase58()
    const { signature } = await request<{ signature: string }>(SOLANA_1, 'solana_signMessage', {
      message: base58.encode(message),
      pubkey,
    })
    expect(verifyEd25519(pubkey, message, base58.decode(signature))).toBe(true)
  })

  const transfer = async (to: Keypair, lamports: number) => {
    const connection = connectionOf(0)
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({
      feePayer: solanaKeypair.publicKey,
      recentBlockhash: blockhash,
    }).add(SystemProgram.transfer({ fromPubkey: solanaKeypair.publicKey, toPubkey: to.publicKey, lamports }))
    return transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
  }

  it('solana_signTransaction: the signed transaction and the wallet’s signature over its message', async () => {
    const unsigned = await transfer(Keypair.generate(), LAMPORTS_PER_SOL / 100)
    const result = await request<{ signature: string; transaction: string }>(
      SOLANA_1,
      'solana_signTransaction',
      {
        transaction: unsigned.toString('base64'),
      },
    )
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'))
    expect(base58.encode(signed.signatures[0]!)).toBe(result.signature)
    const pubkey = solanaKeypair.publicKey.toBase58()
    expect(verifyEd25519(pubkey, signed.message.serialize(), base58.decode(result.signature))).toBe(true)
  })

  it('solana_signAndSendTransaction: lands on the local cluster, the balance read back', async () => {
    const to = Keypair.generate()
    const unsigned = await transfer(to, LAMPORTS_PER_SOL / 100)
    const { signature } = await request<{ signature: string }>(SOLANA_1, 'solana_signAndSendTransaction', {
      transaction: unsigned.toString('base64'),
      sendOptions: { preflightCommitment: 'confirmed' },
    })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect.poll(() => connectionOf(0).getBalance(to.publicKey)).toBe(LAMPORTS_PER_SOL / 100)
  })

  it('getAccountAddresses: the payment and ordinals addresses, filtered by intention', async () => {
    const all = await request<{ address: string; publicKey: string; intention: string }[]>(
      btcChain,
      'getAccountAddresses',
      { account: btcPayment },
    )
    expect(all).toEqual([
      { address: btcPayment, publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/), intention: 'payment' },
      {
        address: expect.stringMatching(/^bcrt1p/),
        publicKey: expect.stringMatching(/^[0-9a-f]{64}$/),
        intention: 'ordinal',
      },
    ])
    const ordinals = await request(btcChain, 'getAccountAddresses', {
      account: btcPayment,
      intentions: ['ordinal'],
    })
    expect(ordinals).toEqual([all[1]])
  })

  it('bip122 signMessage: an ECDSA (BIP-137) signature, hex, recovering the payment address', async () => {
    const message = 'Sign in with Bitcoin'
    const result = await request<{ address: string; signature: string; messageHash: string }>(
      btcChain,
      'signMessage',
      { account: btcPayment, message },
    )
    expect(result).toEqual({
      address: btcPayment,
      signature: expect.stringMatching(/^[0-9a-f]{130}$/),
      messageHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(verifyBip137(btcPayment, message, hexToBytes(result.signature))).toBe(true)
  })

  it('bip122 sendTransfer: broadcast, the recipient’s balance read back through Esplora', async () => {
    const recipient = freshBitcoinAddress()
    const { txid } = await request<{ txid: string }>(btcChain, 'sendTransfer', {
      account: btcPayment,
      recipientAddress: recipient,
      amount: '20000',
    })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await bitcoinBalance(recipient)).toBe(20_000)
  })

  it('bip122 signPsbt: the chosen input signed and finalized, broadcast on request', async () => {
    const esplora = stack.bitcoin.networks[0]!.esploraUrl
    const utxos = (await (await fetch(`${esplora}/address/${btcPayment}/utxo`)).json()) as {
      txid: string
      vout: number
      value: number
      status: { confirmed: boolean }
    }[]
    const utxo = utxos.find((each) => each.status.confirmed)!
    const recipient = freshBitcoinAddress()
    const script = payments.p2wpkh({ address: btcPayment, network: bnetworks.regtest }).output!
    const psbt = new Psbt({ network: bnetworks.regtest })
      .addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script, value: BigInt(utxo.value) } })
      .addOutput({ address: recipient, value: 30_000n })
      .addOutput({ address: btcPayment, value: BigInt(utxo.value - 30_000 - 500) })
    const result = await request<{ psbt: string; txid: string }>(btcChain, 'signPsbt', {
      account: btcPayment,
      psbt: psbt.toBase64(),
      signInputs: [{ address: btcPayment, index: 0, sighashTypes: [1] }],
      broadcast: true,
    })
    const signed = Psbt.fromBase64(result.psbt, { network: bnetworks.regtest })
    expect(signed.data.inputs[0]!.finalScriptWitness).toBeDefined()
    expect(signed.extractTransaction().getId()).toBe(result.txid)
    expect(await bitcoinBalance(recipient)).toBe(30_000)
  })

  it('bad params and foreign accounts are answered with errors, the reason kept in the log', async () => {
    const stranger = Keypair.generate().publicKey.toBase58()
    await expect(
      request(SOLANA_1, 'solana_signMessage', { message: base58.encode(Uint8Array.of(1)), pubkey: stranger }),
    ).rejects.toMatchObject({ code: 5103, message: expect.stringContaining(stranger) })
    // The SDK replaces the message of the reserved JSON-RPC codes (-32602 here) with the standard one.
    await expect(
      request(btcChain, 'sendTransfer', {
        account: btcPayment,
        recipientAddress: freshBitcoinAddress(),
        amount: '1000',
        memo: '6869',
      }),
    ).rejects.toEqual({ code: -32602, message: 'Invalid params' })
    expect(wallet.log.at(-1)).toMatchObject({
      outcome: 'error',
      prompted: false,
      error: { code: -32602, message: 'Invalid params: memo (an OP_RETURN output) is not supported' },
    })
    const other = privateKeyToAddress(generatePrivateKey())
    await expect(request(EVM_1, 'personal_sign', ['0x6869', other])).rejects.toMatchObject({ code: 4100 })
  })

  it('the wallet switches chain: the session gains the chain, then the dApp hears chainChanged', async () => {
    const updated = nextDappEvent(dapp, 'session_update')
    const changed = nextDappEvent(dapp, 'session_event', (e) => e.params.event.name === 'chainChanged')
    await wallet.switchChain(EVM_2)
    expect((await updated).params.namespaces.eip155).toMatchObject({
      chains: [EVM_1, EVM_2],
      accounts: [`${EVM_1}:${evmAddress}`, `${EVM_2}:${evmAddress}`],
    })
    expect((await changed).params).toEqual({ chainId: EVM_2, event: { name: 'chainChanged', data: 31338 } })
    expect(wallet.activeChain('eip155')).toBe(EVM_2)
    session = dapp.session.get(session.topic)
    expect(await request(EVM_2, 'eth_chainId', [])).toBe('0x7a6a')

    const solanaChanged = nextDappEvent(dapp, 'session_event', (e) => e.params.chainId === SOLANA_2)
    await wallet.switchChain(SOLANA_2)
    expect((await solanaChanged).params.event).toEqual({ name: 'chainChanged', data: SOLANA_2 })
  })

  it('the wallet disconnects: the dApp hears session_delete', async () => {
    const deleted = nextDappEvent(dapp, 'session_delete')
    await wallet.disconnect(session.topic)
    expect((await deleted).topic).toBe(session.topic)
    expect(wallet.sessions).toEqual([])
    await expect.poll(() => dapp.session.keys).not.toContain(session.topic)
  })
})
