// The embedded wallet's approvals on the lab's pages, end to end in Chromium against the local stack: a visitor logged
// in with an email asks, through the kit's wallet provider, for a signature, a typed-data signature, a transaction, a
// batch of calls, a Solana message signature and a Solana transfer. Each request opens the modal on
// ApproveTransaction with the secure frame's own card, is approved there as a person approves it (or rejected), and
// the modal closes again. Signatures are verified in Node against the account's address or key; what was sent is read
// back from the local chain or cluster directly, never through the page. One browser for the file, a fresh email (and
// so a fresh account) per page; the accounts start empty and are funded on the node.
import { createPublicKey, verify } from 'node:crypto'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { type Hex, numberToHex, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { LabPage } from '../src/index.js'
import {
  approvalCard,
  approveInFrame,
  emailFor,
  embeddedLab,
  expectApprovalClosed,
  fundEvm,
  logIn,
  rejectInFrame,
  walletRequest,
} from './embedded-support.js'
import { chainClient, type Page, stack, textOf } from './support.js'

const lab = embeddedLab('lab-embedded-approvals')

/** A fresh EVM address nobody holds a key of here: a receiver that starts at 0. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** Opens `name` and logs a fresh email in (the names are this file's own: the run shares one auth service). */
async function loggedIn(name: LabPage): Promise<Page> {
  const { page } = await lab.open(name)
  page.setDefaultTimeout(15_000)
  await logIn(page, emailFor(`approvals-${name}`))
  return page
}

/**
 * Runs `method` through the kit's provider for `namespace` and approves it in the frame: the modal must open on
 * ApproveTransaction with the frame's card showing each of `shows` and no warning. Resolves with the answer once the
 * modal that opened for it has closed and the frame is hidden again.
 */
async function approved(
  page: Page,
  request: { namespace: 'eip155' | 'solana'; method: string; params: unknown; shows: string[] },
): Promise<unknown> {
  expect(await page.getByTestId('modal').count()).toBe(0)
  const answer = walletRequest(page, request.namespace, request.method, request.params)
  await page.getByTestId('approve-transaction').waitFor()
  await approvalCard(page).waitFor()
  const card = (await approvalCard(page).textContent()) ?? ''
  for (const text of request.shows) expect(card).toContain(text)
  expect(await approvalCard(page).getByTestId('lk-warnings').count()).toBe(0)
  await approveInFrame(page)
  const result = await answer
  await expectApprovalClosed(page)
  return result
}

/** personal_sign of `message` by `address` approved in the frame (the card shows the message); it verifies. */
async function expectEvmSignature(page: Page, address: Hex, message: string): Promise<void> {
  const signature = await approved(page, {
    namespace: 'eip155',
    method: 'personal_sign',
    params: [toHex(message), address],
    shows: [message],
  })
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await verifyMessage({ address, message, signature: signature as Hex })).toBe(true)
}

/** The ed25519 verification of `signature` (base58) over `message` by the Solana address `signer`. */
function verifiesOnSolana(signer: string, message: Uint8Array, signature: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bs58.decode(signer)).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, bs58.decode(signature))
}

/** solana_signMessage of `text` approved in the frame; the signature as it came back. */
async function solanaSignature(page: Page, signer: string, text: string): Promise<string> {
  const answer = await approved(page, {
    namespace: 'solana',
    method: 'solana_signMessage',
    params: { message: bs58.encode(new TextEncoder().encode(text)), pubkey: signer },
    shows: [text, signer],
  })
  expect(answer).toEqual({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) })
  return (answer as { signature: string }).signature
}

describe('/ethers: the embedded account signs and sends', () => {
  const message = 'Latchkey lab: signed on /ethers in the frame'
  let page: Page
  let address: Hex
  let chainId: number

  it("[§2.18] [§6.7] personal_sign: the modal opens on ApproveTransaction with the frame's card; approved, it verifies", async () => {
    page = await loggedIn('ethers')
    address = (await textOf(page, 'lab-address')) as Hex
    chainId = Number(await textOf(page, 'lab-chain'))
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expectEvmSignature(page, address, message)
  })

  it('[§6.7] eth_signTypedData_v4: the typed data approved in the frame verifies', async () => {
    const domain = { name: 'Latchkey Lab', version: '1', chainId }
    const types = {
      Note: [
        { name: 'owner', type: 'address' },
        { name: 'text', type: 'string' },
        { name: 'count', type: 'uint256' },
      ],
    }
    const note = { owner: address, text: 'approved in the frame', count: 7n }
    const typedData = {
      domain,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        ...types,
      },
      primaryType: 'Note',
      message: { ...note, count: '7' },
    }
    const signature = await approved(page, {
      namespace: 'eip155',
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
      shows: ['Latchkey Lab', 'approved in the frame'],
    })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await verifyTypedData({
        address,
        domain,
        types,
        primaryType: 'Note',
        message: note,
        signature: signature as Hex,
      }),
    ).toBe(true)
  })

  it('[§6.7] eth_sendTransaction rejected in the frame: 4001 to the page, nothing sent', async () => {
    await fundEvm(chainId, address, parseEther('1'))
    const to = freshAddress()
    const answer = walletRequest(page, 'eip155', 'eth_sendTransaction', [
      { from: address, to, value: numberToHex(parseEther('0.0123')) },
    ])
    await rejectInFrame(page)
    expect(await answer).toEqual({ code: 4001, message: 'User rejected the request.' })
    await expectApprovalClosed(page)
    const chain = chainClient(chainId)
    expect(await chain.getTransactionCount({ address })).toBe(0)
    expect(await chain.getBalance({ address: to })).toBe(0n)
  })

  it('[§6.7] eth_sendTransaction approved in the frame: the receipt on the chain, the receiver holds the value', async () => {
    const to = freshAddress()
    const value = parseEther('0.0123')
    const hash = await approved(page, {
      namespace: 'eip155',
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: numberToHex(value) }],
      shows: [to, '0.0123 ETH'],
    })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const chain = chainClient(chainId)
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
    expect(await chain.getBalance({ address: to })).toBe(value)
  })
})

describe('/ethers5: a signature and a batch of calls', () => {
  let page: Page
  let address: Hex
  let chainId: number

  it("[§2.18] [§6.7] personal_sign: approved in the frame's card, it verifies", async () => {
    page = await loggedIn('ethers5')
    address = (await textOf(page, 'lab-address')) as Hex
    chainId = Number(await textOf(page, 'lab-chain'))
    const message = 'Latchkey lab: signed on /ethers5 in the frame'
    await expectEvmSignature(page, address, message)
  })

  it('[§6.7] [§6.6] wallet_sendCalls of two transfers approved once; wallet_getCallsStatus until confirmed; both receivers paid', async () => {
    await fundEvm(chainId, address, parseEther('1'))
    const [first, second] = [freshAddress(), freshAddress()]
    const [one, two] = [parseEther('0.01'), parseEther('0.02')]
    const sent = await approved(page, {
      namespace: 'eip155',
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(chainId),
          from: address,
          atomicRequired: false,
          calls: [
            { to: first, value: numberToHex(one) },
            { to: second, value: numberToHex(two) },
          ],
        },
      ],
      shows: ['Send 2 calls', first, second, '0.03 ETH'],
    })
    expect(sent).toEqual({ id: expect.stringMatching(/^0x[0-9a-f]+$/) })
    const { id } = sent as { id: string }
    // One approval for the batch: no second card follows.
    expect(await approvalCard(page).count()).toBe(0)
    // The status is the frame's own answer: no approval, no modal.
    await expect
      .poll(
        async () =>
          ((await walletRequest(page, 'eip155', 'wallet_getCallsStatus', [id])) as { status?: unknown })
            .status,
      )
      .toBe(200)
    const status = (await walletRequest(page, 'eip155', 'wallet_getCallsStatus', [id])) as {
      id: string
      chainId: string
      receipts: { status: string; transactionHash: Hex }[]
    }
    expect(status).toMatchObject({ id, chainId: numberToHex(chainId) })
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(await page.getByTestId('modal').count()).toBe(0)
    const chain = chainClient(chainId)
    const sentTo = await Promise.all(
      status.receipts.map(async (receipt) => {
        const transaction = await chain.getTransaction({ hash: receipt.transactionHash })
        return {
          from: transaction.from.toLowerCase(),
          to: transaction.to?.toLowerCase(),
          value: transaction.value,
        }
      }),
    )
    expect(sentTo).toEqual([
      { from: address.toLowerCase(), to: first.toLowerCase(), value: one },
      { from: address.toLowerCase(), to: second.toLowerCase(), value: two },
    ])
    expect(await chain.getBalance({ address: first })).toBe(one)
    expect(await chain.getBalance({ address: second })).toBe(two)
  })
})

describe('/solana: a message signature and a SOL transfer', () => {
  let page: Page
  let address: string

  it('[§2.18] [§6.7] solana_signMessage approved in the frame: the ed25519 signature verifies against the account', async () => {
    page = await loggedIn('solana')
    address = await textOf(page, 'lab-address')
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const text = 'Latchkey lab: signed on /solana in the frame'
    const signature = await solanaSignature(page, address, text)
    expect(verifiesOnSolana(address, new TextEncoder().encode(text), signature)).toBe(true)
    // The same signature does not verify another message.
    expect(verifiesOnSolana(address, new TextEncoder().encode(`${text}!`), signature)).toBe(false)
  })

  it('[§6.7] solana_signAndSendTransaction of a SOL transfer approved in the frame: the receiver holds it', async () => {
    // The page's cluster: its id is the first 32 characters of the genesis hash.
    const id = await textOf(page, 'lab-chain')
    const cluster = stack().solana.clusters.find((each) => each.genesisHash.slice(0, 32) === id)
    if (!cluster) throw new Error(`the page is on ${id}, not a local cluster`)
    const connection = new Connection(cluster.rpcUrl, 'confirmed')
    const owner = new PublicKey(address)
    await connection.requestAirdrop(owner, LAMPORTS_PER_SOL)
    await expect.poll(() => connection.getBalance(owner)).toBe(LAMPORTS_PER_SOL)
    const to = Keypair.generate().publicKey
    const lamports = 10_000_000
    const { blockhash } = await connection.getLatestBlockhash('confirmed')
    const transfer = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: owner, toPubkey: to, lamports }),
    )
    const wire = transfer.serialize({ requireAllSignatures: false, verifySignatures: false })
    const answer = await approved(page, {
      namespace: 'solana',
      method: 'solana_signAndSendTransaction',
      params: { transaction: Buffer.from(wire).toString('base64') },
      shows: ['Transfer SOL', to.toBase58(), '0.01 SOL'],
    })
    expect(answer).toEqual({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) })
    await expect.poll(() => connection.getBalance(to)).toBe(lamports)
    // The transaction on the cluster is the one approved, paid and signed by the account.
    const { signature } = answer as { signature: string }
    const sent = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    expect(sent?.meta?.err).toBeNull()
    expect(sent?.transaction.message.staticAccountKeys[0]?.toBase58()).toBe(address)
  })
})

describe('/multichain: one login, an approval on each namespace', () => {
  let page: Page

  it('[§2.18] [§6.7] personal_sign on eip155 approved in the frame verifies against the eip155 address', async () => {
    page = await loggedIn('multichain')
    const address = (await textOf(page, 'lab-address-eip155')) as Hex
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const message = 'Latchkey lab: signed on /multichain (eip155) in the frame'
    await expectEvmSignature(page, address, message)
  })

  it('[§6.7] solana_signMessage on solana approved in the frame verifies against the solana address', async () => {
    await expect.poll(() => textOf(page, 'lab-address-solana')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = await textOf(page, 'lab-address-solana')
    const text = 'Latchkey lab: signed on /multichain (solana) in the frame'
    const signature = await solanaSignature(page, address, text)
    expect(verifiesOnSolana(address, new TextEncoder().encode(text), signature)).toBe(true)
  })
})
