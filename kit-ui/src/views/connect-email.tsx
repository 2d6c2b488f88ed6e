import { type ConnectItem, type ConnectMethod, ConnectorIds } from '@latchkey/core'
import type { UiKit } from '../kit/types.js'
import { EmailForm } from './email-form.js'

/** True for the embedded wallet's connector entry (type AUTH, id ID_AUTH). */
export function isAuthItem(item: ConnectItem): boolean {
  return (
    item.kind === 'connector' && (item.connector.type === 'AUTH' || item.connector.id === ConnectorIds.auth)
  )
}

/** True when Connect lists an installed wallet (an announced, injected or multi-chain connector row). */
export function hasInstalledWallet(items: readonly ConnectItem[]): boolean {
  return items.some(
    (item) =>
      item.kind === 'connector' &&
      (item.subtype === 'announced' || item.subtype === 'injected' || item.subtype === 'multiChain'),
  )
}

/** Whether Connect shows the email field: the kit can offer the embedded wallet and the features have email on. */
export function showsEmail(kit: UiKit): boolean {
  return kit.controllers.embedded !== undefined && kit.controllers.features.isEnabled('email')
}

/**
 * The connect methods Connect shows, in the features' order (SPEC §9.16: with an installed wallet, the wallets first):
 * the wallets always, the email field when {@link showsEmail}. Social login has no view yet.
 */
export function connectMethods(kit: UiKit, installed: boolean): ConnectMethod[] {
  const email = showsEmail(kit)
  const order = kit.controllers.features.getConnectMethodsOrder(installed)
  const shown = order.filter((method) => method === 'wallet' || (method === 'email' && email))
  return shown.includes('wallet') ? shown : [...shown, 'wallet']
}

/**
 * Connect's email field: the frame is created when the field gets focus; a plausible address is sent to the embedded
 * wallet (its chunk loads on the first submit), which answers with the next step: the code (EmailVerifyOtp) or this
 * browser's approval (EmailVerifyDevice). The cooldown's message and the frame's errors show under the field.
 */
export function ConnectEmail({ kit }: { kit: UiKit }) {
  const setup = kit.controllers.embedded
  if (!setup) return null
  const submit = async (email: string) => {
    const controller = await setup.load()
    const next = await controller.connectEmail(email)
    kit.controllers.router.push(next === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp')
  }
  return (
    <div class="connect-email" data-method="email">
      <EmailForm
        kit={kit}
        prefix="email"
        label={kit.t('emailLabel')}
        action={kit.t('emailContinue')}
        onSubmit={submit}
        onFocus={() => void setup.preload()}
      />
    </div>
  )
}
