// Transfers on the shared chains. Senders are accounts 8 and 9, which other packages' tests leave alone
// (README), so balances read back are exact; recipients are fresh random addresses.
import { BaseError, ContractFunctionRevertedError, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { ERC20_ABI, getTestAccount, TOKENS, USDT_STYLE_ABI } from '../src/index.js'
import { clientsFor } from './helpers.js'

const chains = inject('stack').evm.chains
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe.each(chains.map((chain) => [chain.name, chain] as const))('on %s', (_name, chain) => {
  it('sends native ETH', async () => {
    const sender = getTestAccount(9)
    const { publicClient, walletClient } = clientsFor(chain, sender)
    const recipient = freshAddress()
    const value = parseEther('1.25')
    const before = await publicClient.getBalance({ address: sender.address })
    expect(before).toBeGreaterThan(value)

    const hash = await walletClient.sendTransaction({ to: recipient, value })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })

    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: recipient })).toBe(value)
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await publicClient.getBalance({ address: sender.address })).toBe(before - value - gasCost)
  })

  it.each([
    ['LUSD', '12.5'],
    ['LKT', '0.000000000000000123'],
  ] as const)('transfers %s (standard ERC-20, returns true)', async (symbol, amountText) => {
    const token = TOKENS[symbol]
    const sender = getTestAccount(8)
    const { publicClient, walletClient } = clientsFor(chain, sender)
    const recipient = freshAddress()
    const amount = parseUnits(amountText, token.decimals)
    const balanceOf = (address: `0x${string}`) =>
      publicClient.readContract({
        address: token.address,
        abi: ERC20_ABI,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = await balanceOf(sender.address)

    const { result, request } = await publicClient.simulateContract({
      account: sender,
      address: token.address,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [recipient, amount],
    })
    expect(result).toBe(true)
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract(request),
    })

    expect(receipt.status).toBe('success')
    expect(await balanceOf(recipient)).toBe(amount)
    expect(await balanceOf(sender.address)).toBe(before - amount)
  })

  it('transfers LUSDT with the USDT-style ABI (transfer returns nothing)', async () => {
    const token = TOKENS.LUSDT
    const sender = getTestAccount(9)
    const { publicClient, walletClient } = clientsFor(chain, sender)
    const recipient = freshAddress()
    const amount = parseUnits('42.000001', 6)
    const balanceOf = (address: `0x${string}`) =>
      publicClient.readContract({
        address: token.address,
        abi: USDT_STYLE_ABI,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = await balanceOf(sender.address)

    // A caller that insists on the standard ABI cannot decode the empty return data.
    await expect(
      publicClient.simulateContract({
        account: sender,
        address: token.address,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [recipient, amount],
      }),
    ).rejects.toThrow()

    const { result, request } = await publicClient.simulateContract({
      account: sender,
      address: token.address,
      abi: USDT_STYLE_ABI,
      functionName: 'transfer',
      args: [recipient, amount],
    })
    expect(result).toBeUndefined()
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await walletClient.writeContract(request),
    })

    expect(receipt.status).toBe('success')
    expect(await balanceOf(recipient)).toBe(amount)
    expect(await balanceOf(sender.address)).toBe(before - amount)
  })

  it('moves LUSDT with approve + transferFrom, spending the allowance', async () => {
    const token = TOKENS.LUSDT
    const owner = getTestAccount(9)
    const spender = getTestAccount(8)
    const ownerClients = clientsFor(chain, owner)
    const spenderClients = clientsFor(chain, spender)
    const { publicClient } = ownerClients
    const recipient = freshAddress()
    const read = <T>(functionName: 'balanceOf' | 'allowance', args: readonly `0x${string}`[]) =>
      publicClient.readContract({
        address: token.address,
        abi: USDT_STYLE_ABI,
        functionName,
        args,
      } as never) as Promise<T>

    const approveHash = await ownerClients.walletClient.writeContract({
      address: token.address,
      abi: USDT_STYLE_ABI,
      functionName: 'approve',
      args: [spender.address, 5_000_000n],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: approveHash })).status).toBe('success')
    expect(await read<bigint>('allowance', [owner.address, spender.address])).toBe(5_000_000n)
    const ownerBefore = await read<bigint>('balanceOf', [owner.address])

    const pullHash = await spenderClients.walletClient.writeContract({
      address: token.address,
      abi: USDT_STYLE_ABI,
      functionName: 'transferFrom',
      args: [owner.address, recipient, 3_000_000n],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: pullHash })).status).toBe('success')

    expect(await read<bigint>('balanceOf', [recipient])).toBe(3_000_000n)
    expect(await read<bigint>('balanceOf', [owner.address])).toBe(ownerBefore - 3_000_000n)
    expect(await read<bigint>('allowance', [owner.address, spender.address])).toBe(2_000_000n)
  })

  it('reverts a transfer above the balance with ERC20InsufficientBalance', async () => {
    const pauper = privateKeyToAccount(generatePrivateKey())
    const { publicClient } = clientsFor(chain, pauper)
    const error = await publicClient
      .simulateContract({
        account: pauper,
        address: TOKENS.LUSD.address,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [freshAddress(), 1n],
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      )
    expect(error).toBeInstanceOf(BaseError)
    const revert = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError)
    expect(revert).toBeInstanceOf(ContractFunctionRevertedError)
    expect((revert as ContractFunctionRevertedError).data?.errorName).toBe('ERC20InsufficientBalance')
    expect((revert as ContractFunctionRevertedError).data?.args).toEqual([pauper.address, 0n, 1n])
  })
})
