-- The Blockchain API stand-in's data: what the indexer read from the EVM chains it follows, the token prices and
-- the history items the control API adds. Indexed data belongs to a chain as identified by its genesis hash, not by
-- its chain id alone: a local chain starts fresh (a new genesis) on every start, and the history of an earlier chain
-- must not show. (Two chains may share a genesis hash: anvil's genesis does not depend on the chain id, so 31337 and
-- 31338 started together have the same one; a chain is the pair.)

-- One row per (chain id, genesis) the indexer has followed; last_block/last_hash: the last block written (-1: none).
CREATE TABLE chains (
  id serial PRIMARY KEY,
  caip2 text NOT NULL,
  genesis_hash text NOT NULL,
  last_block bigint NOT NULL DEFAULT -1,
  last_hash text,
  first_seen timestamptz NOT NULL DEFAULT now(),
  UNIQUE (caip2, genesis_hash)
);

CREATE TABLE blocks (
  chain integer NOT NULL REFERENCES chains ON DELETE CASCADE,
  number bigint NOT NULL,
  hash text NOT NULL,
  mined_at timestamptz NOT NULL,
  PRIMARY KEY (chain, number)
);

-- kind: 'transfer' (no input data), 'call' (input data to a contract) or 'deploy' (no recipient; created is the
-- new contract). status: 'confirmed' or 'failed'. Addresses are lowercase.
CREATE TABLE transactions (
  chain integer NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at timestamptz NOT NULL,
  sent_from text NOT NULL,
  sent_to text,
  created text,
  nonce bigint NOT NULL,
  status text NOT NULL,
  kind text NOT NULL,
  PRIMARY KEY (chain, tx_hash),
  FOREIGN KEY (chain, block_number) REFERENCES blocks (chain, number) ON DELETE CASCADE
);

-- transfer_index 0: the transaction's native value; n + 1: the ERC-20 Transfer log at block log index n.
-- asset: 'native' or the token contract. amount: base units.
CREATE TABLE transfers (
  chain integer NOT NULL,
  tx_hash text NOT NULL,
  transfer_index integer NOT NULL,
  asset text NOT NULL,
  sent_from text NOT NULL,
  sent_to text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain, tx_hash, transfer_index),
  FOREIGN KEY (chain, tx_hash) REFERENCES transactions ON DELETE CASCADE
);

-- Who took part in a transaction (sender, recipient, created contract, each transfer's two sides): one row per
-- address, in the order history pages are read (newest first: sort_ms, then sort_key).
CREATE TABLE activity (
  chain integer NOT NULL,
  address text NOT NULL,
  tx_hash text NOT NULL,
  caip2 text NOT NULL,
  sort_ms bigint NOT NULL,
  sort_key text COLLATE "C" NOT NULL,
  PRIMARY KEY (chain, address, tx_hash),
  FOREIGN KEY (chain, tx_hash) REFERENCES transactions ON DELETE CASCADE
);
CREATE INDEX activity_by_address ON activity (address, sort_ms DESC, sort_key DESC);

-- ERC-20 contracts the configuration does not name, as the chain described them (null: it did not say).
CREATE TABLE tokens (
  chain integer NOT NULL REFERENCES chains ON DELETE CASCADE,
  address text NOT NULL,
  name text,
  symbol text,
  decimals integer,
  PRIMARY KEY (chain, address)
);

-- Prices in USD by asset ('<caip2>:native' or '<caip2>:<token>'): the configured defaults, and what the control
-- API set per project (a null price: the project sees no price for that asset).
CREATE TABLE default_prices (
  asset text PRIMARY KEY,
  price double precision NOT NULL
);

CREATE TABLE project_prices (
  project_id text NOT NULL,
  asset text NOT NULL,
  price double precision,
  PRIMARY KEY (project_id, asset)
);

-- History items the control API added for one project and address (NFT transfers, spam-flagged items), served
-- with the indexed ones in the same order.
CREATE TABLE extra_items (
  project_id text NOT NULL,
  address text NOT NULL,
  item_id text NOT NULL,
  caip2 text,
  sort_ms bigint NOT NULL,
  sort_key text COLLATE "C" NOT NULL,
  item jsonb NOT NULL,
  PRIMARY KEY (project_id, address, item_id)
);
CREATE INDEX extra_items_by_address ON extra_items (project_id, address, sort_ms DESC, sort_key DESC);
