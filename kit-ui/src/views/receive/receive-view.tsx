import { useMemo } from 'preact/hooks'
import { Icon } from '../../components/icons.js'
import { Tile } from '../../components/images.js'
import { networkImage } from '../../components/network-image.js'
import { useStore } from '../../components/use-store.js'
import type { UiKit } from '../../kit/types.js'
import { encodeQr } from '../../qr/encode.js'
import { qrPath } from '../../qr/svg.js'

/**
 * Receive (its own chunk, loaded when the panel first opens and only while the receive feature is on): the
 * account's address as a QR code drawn as SVG, the address in full, copy, and the networks of the active
 * namespace that can send to it.
 */
export function ReceiveView({ kit }: { kit: UiKit }) {
  const chain = useStore(kit.controllers.chain.state)
  const { t } = kit
  const namespace = chain.activeNamespace
  const address = namespace ? chain.namespaces[namespace]?.account?.address : undefined
  const qr = useMemo(() => (address ? qrPath(encodeQr(address)) : undefined), [address])
  if (!address || !qr) return null
  const networks = kit.controllers.chain.getNetworks().filter((n) => n.chainNamespace === namespace)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      kit.controllers.snackbar.showSuccess(t('addressCopied'))
    } catch {
      kit.controllers.snackbar.showError(t('copyFailed'))
    }
  }

  return (
    <div class="receive" data-testid="receive-view">
      <svg
        class="qr"
        data-testid="receive-qr"
        viewBox={qr.viewBox}
        role="img"
        aria-label={t('receiveQrLabel')}
        shape-rendering="crispEdges"
      >
        <rect width="100%" height="100%" fill="#fff" />
        <path d={qr.d} fill="var(--lk-qr-color, #000)" />
      </svg>
      <p class="receive-address" data-testid="receive-address">
        {address}
      </p>
      <button type="button" class="secondary copy" data-testid="copy-address" onClick={() => void copy()}>
        <Icon name="copy" size={16} />
        {t('copyAddress')}
      </button>
      <p class="receive-body">{t('receiveBody')}</p>
      <ul class="receive-networks" aria-label={t('receiveNetworks')} data-testid="receive-networks">
        {networks.map((network) => (
          <li
            class="receive-network"
            key={network.caipNetworkId}
            data-testid={`receive-network-${network.caipNetworkId}`}
            title={network.name}
          >
            <Tile
              src={networkImage(kit.controllers.options.chainImages, network)}
              name={network.name}
              size={20}
            />
            {network.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
