// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// @title Latchkey local smart account
/// @notice The smallest contract account that signs by ERC-1271: a signature is valid for this account when
///         its owner's key signed the hash. Tests use it to check that adapters verify contract signatures
///         (a message signed by the owner with personal_sign is valid for the account under the EIP-191 hash).
contract LatchkeySmartAccount {
    /// @dev ERC-1271 magic value: bytes4(keccak256("isValidSignature(bytes32,bytes)")).
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    /// @dev secp256k1n / 2: larger s values are malleable and refused (EIP-2).
    uint256 internal constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice ERC-1271: MAGIC_VALUE when `signature` (65 bytes r, s, v) is the owner's signature of `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }

    /// @notice Accepts ETH, as an account does.
    receive() external payable {}
}
