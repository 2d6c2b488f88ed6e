-- The auth service's schema: users, their keys (encrypted; the key-encryption key is not in the database), the
-- browsers each user approved, one-time codes (hashed) and sessions (hashed tokens).

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  preferred_account_type text CHECK (preferred_account_type IN ('eoa', 'smartAccount')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One EVM and one Solana key per user: the 32 private-key bytes (EVM) or the ed25519 seed (Solana), sealed with
-- AES-256-GCM under a key derived from the key-encryption key; kek_id says which key-encryption key.
CREATE TABLE user_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chain text NOT NULL CHECK (chain IN ('evm', 'solana')),
  address text NOT NULL UNIQUE,
  kek_id text NOT NULL,
  iv bytea NOT NULL,
  ciphertext bytea NOT NULL,
  tag bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, chain)
);

-- The browsers a user approved (device ids are the frame's, kept as an HMAC).
CREATE TABLE devices (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  approved_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

-- One-time codes: login (VERIFY_OTP), device approval (VERIFY_DEVICE, with a link), and the two steps of an email
-- update. Only an HMAC of each code is kept; the newest code of a kind is the only live one.
CREATE TABLE codes (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('login', 'device', 'update_primary', 'update_secondary')),
  email text NOT NULL,
  device_hash text,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  project_id text,
  new_email text,
  code_hash text NOT NULL,
  link_hash text UNIQUE,
  wrong_tries integer NOT NULL DEFAULT 0,
  triggered boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  dead_at timestamptz
);
CREATE INDEX codes_by_email ON codes (email, purpose, created_at DESC);
CREATE INDEX codes_by_user ON codes (user_id, purpose, created_at DESC);

-- Sessions of the secure frame: only the SHA-256 of each token is kept.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  project_id text,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_by_user ON sessions (user_id);
