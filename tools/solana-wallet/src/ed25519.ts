// Ed25519 message signatures through Web Crypto (Node 20 and current Chromium), so no signing library is bundled.

function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Signs `message` with a 64-byte secret key (seed + public key); returns the 64-byte signature. */
export async function signEd25519(secretKey: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'jwk',
    {
      kty: 'OKP',
      crv: 'Ed25519',
      d: base64Url(secretKey.subarray(0, 32)),
      x: base64Url(secretKey.subarray(32, 64)),
    },
    { name: 'Ed25519' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, Uint8Array.from(message)))
}
