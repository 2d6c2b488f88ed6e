// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// @title Latchkey local test tokens
/// @notice Three small ERC-20 tokens for the local chains: two standard ones (LUSD, LKT) and a
///         USDT-style one (LUSDT) whose transfer/transferFrom/approve return nothing.
///         Every constructor mints 1,000,000 whole tokens to each holder it is given.
///         Errors follow ERC-6093.

/// @dev State and internal logic shared by the three tokens. The external entry points that move
///      tokens live in the concrete contracts because their return types differ.
abstract contract LatchkeyTokenBase {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidReceiver(address receiver);
    error ERC20InvalidSpender(address spender);

    uint256 internal constant WHOLE_TOKENS_PER_HOLDER = 1_000_000;

    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        uint256 amount = WHOLE_TOKENS_PER_HOLDER * 10 ** uint256(decimals_);
        for (uint256 i = 0; i < holders.length; ++i) {
            address holder = holders[i];
            require(holder != address(0), ERC20InvalidReceiver(address(0)));
            totalSupply += amount;
            balanceOf[holder] += amount;
            emit Transfer(address(0), holder, amount);
        }
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), ERC20InvalidReceiver(address(0)));
        uint256 fromBalance = balanceOf[from];
        require(fromBalance >= value, ERC20InsufficientBalance(from, fromBalance, value));
        unchecked {
            balanceOf[from] = fromBalance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) internal {
        require(spender != address(0), ERC20InvalidSpender(address(0)));
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }

    /// @dev An allowance of type(uint256).max is infinite and is never decreased.
    function _spendAllowance(address owner, address spender, uint256 value) internal {
        uint256 current = allowance[owner][spender];
        if (current != type(uint256).max) {
            require(current >= value, ERC20InsufficientAllowance(spender, current, value));
            unchecked {
                allowance[owner][spender] = current - value;
            }
        }
    }
}

/// @dev A standard ERC-20: transfer, transferFrom and approve return true.
abstract contract LatchkeyStandardToken is LatchkeyTokenBase {
    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders)
        LatchkeyTokenBase(name_, symbol_, decimals_, holders)
    {}

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }
}

/// @notice Latchkey USD (LUSD): 6 decimals, standard ERC-20.
contract LatchkeyUSD is LatchkeyStandardToken {
    constructor(address[] memory holders) LatchkeyStandardToken("Latchkey USD", "LUSD", 6, holders) {}
}

/// @notice Latchkey Token (LKT): 18 decimals, standard ERC-20.
contract LatchkeyToken is LatchkeyStandardToken {
    constructor(address[] memory holders) LatchkeyStandardToken("Latchkey Token", "LKT", 18, holders) {}
}

/// @notice Latchkey Tether (LUSDT): 6 decimals, USDT-style. transfer, transferFrom and approve
///         return nothing, so callers that expect a bool from them must use this contract's ABI.
contract LatchkeyTether is LatchkeyTokenBase {
    constructor(address[] memory holders) LatchkeyTokenBase("Latchkey Tether", "LUSDT", 6, holders) {}

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        _approve(msg.sender, spender, value);
    }
}
