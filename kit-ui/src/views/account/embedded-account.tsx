import type { EmbeddedController } from '@latchkey/core'
import { Icon } from '../../components/icons.js'
import { useStore } from '../../components/use-store.js'
import type { UiKit } from '../../kit/types.js'

/** The account's email, under its address: the embedded wallet's answer, once known. */
export function EmbeddedEmail({ controller }: { controller: EmbeddedController }) {
  const { email } = useStore(controller.state)
  return email ? (
    <span class="account-email" data-testid="account-email">
      {email}
    </span>
  ) : null
}

/** Account's "Update email" row (an embedded account): the new address, then a code to each address. */
export function UpdateEmailRow({ kit }: { kit: UiKit }) {
  return (
    <button
      type="button"
      class="item"
      data-testid="update-email"
      onClick={() => kit.controllers.router.push('UpdateEmail')}
    >
      <span class="icon">
        <Icon name="mail" />
      </span>
      <span class="name">{kit.t('updateEmail')}</span>
      <span class="trail">
        <Icon name="chevron" />
      </span>
    </button>
  )
}
