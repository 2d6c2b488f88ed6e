// A module of its own: the EVM connectors name it at start, the rest of the listing constants load with the modal.

/** The generic injected connector that stands for "whatever window.ethereum is". */
export const BROWSER_WALLET_NAME = 'Browser Wallet'
