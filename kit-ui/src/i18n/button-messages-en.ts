/**
 * The UI's strings that the buttons show, in English: the one part of the catalogue in the page's first chunk. The
 * rest ({@link ./modal-messages-en.js}) comes with the modal's chunk.
 */
export const buttonMessagesEn = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  network: 'Network',
  switchNetwork: 'Switch network',
} as const
