import { type KitStorage, readJson } from '@latchkey/core'

/** What the adapter remembers in its storage, so a reload restores the connection without a prompt. */
interface StoredConnection {
  connectorId: string
  /** The CAIP-2 id of the active cluster. */
  network: string
}

const STORAGE_KEY = 'connection'

/** The remembered connection; undefined when there is none, or what is there is not one. */
export async function readConnection(storage: KitStorage): Promise<StoredConnection | undefined> {
  const saved = await readJson<Partial<StoredConnection>>(storage, STORAGE_KEY)
  if (typeof saved?.connectorId !== 'string') return undefined
  return { connectorId: saved.connectorId, network: String(saved.network) }
}

export async function writeConnection(storage: KitStorage, connection: StoredConnection): Promise<void> {
  const { connectorId, network } = connection
  await storage.setItem(STORAGE_KEY, JSON.stringify({ connectorId, network }))
}

export async function clearConnection(storage: KitStorage | undefined): Promise<void> {
  await storage?.removeItem(STORAGE_KEY)
}
