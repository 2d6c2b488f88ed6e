import { Avatar, Tile } from '../components/images.js'
import { useStore } from '../components/use-store.js'
import type { UiKit } from '../kit/types.js'

/**
 * SIWXSignMessage: the app (name and icon from the host's metadata) asks the connected wallet to sign in.
 * Sign goes through core's SIWX controller (a declined signature shows 'Signature declined'); Cancel, which stays
 * possible while the wallet has the message, disconnects when sign-in is required and otherwise closes the modal, as
 * core decides.
 */
export function SiwxView({ kit }: { kit: UiKit }) {
  const { siwx, options, chain } = kit.controllers
  const status = useStore(siwx.state).status
  const chainState = useStore(chain.state)
  const { t } = kit
  const appName = options.metadata?.name?.trim() || t('siwxTitle')
  const appIcon = options.metadata?.icons?.[0]
  const address = chainState.activeNamespace
    ? chainState.namespaces[chainState.activeNamespace]?.account?.address
    : undefined
  const required = siwx.isRequired()
  const busy = status === 'requesting'

  return (
    <div class="siwx" data-testid="siwx-view" data-required={String(required)}>
      <div class="siwx-logos" aria-hidden="true">
        <Tile src={appIcon} name={appName} />
        {address ? <Avatar address={address} size={56} /> : null}
      </div>
      <h3 data-testid="siwx-heading">{t('siwxHeading', { name: appName })}</h3>
      <p data-testid="siwx-intent">{required ? t('siwxBody') : t('siwxBodyOptional')}</p>
      <div class="button-row">
        <button
          type="button"
          class="secondary"
          data-testid="siwx-cancel"
          onClick={() =>
            void siwx.cancelSignMessage().catch((error) => kit.controllers.snackbar.showError(error))
          }
        >
          {required ? t('siwxCancel') : t('siwxSkip')}
        </button>
        <button
          type="button"
          class="primary"
          data-testid="siwx-sign"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void siwx.requestSignMessage()}
        >
          {busy ? <span class="spinner" aria-hidden="true" /> : null}
          {busy ? t('siwxSigning') : t('siwxSign')}
        </button>
      </div>
    </div>
  )
}
