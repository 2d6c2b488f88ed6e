import { ServiceDefaults } from './constants.js'

const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/i

function base64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  }
  return btoa(binary)
}

/**
 * Turns a downloaded image into a URL an `<img>` can show: an object URL where the page has
 * `URL.createObjectURL`, else a `data:` URL. Undefined when the blob is not an image type or (for a data URL)
 * larger than {@link ServiceDefaults.maxImageBytes}. Never throws.
 */
export async function imageBlobToUrl(blob: Blob): Promise<string | undefined> {
  const type = blob.type.split(';')[0]?.trim() ?? ''
  if (!IMAGE_TYPE.test(type)) return undefined
  const createObjectURL = (globalThis.URL as { createObjectURL?: (blob: Blob) => string }).createObjectURL
  if (typeof createObjectURL === 'function') return createObjectURL.call(globalThis.URL, blob)
  if (blob.size > ServiceDefaults.maxImageBytes) return undefined
  return `data:${type.toLowerCase()};base64,${base64(new Uint8Array(await blob.arrayBuffer()))}`
}
