// EIP-1193 / EIP-6963 wallet logic shared by the EVM adapters (protocol code, no chain library).
export {}
