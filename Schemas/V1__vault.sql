-- The Vault, schema 1: Hosts, Identities, Keys, Snippets, Known Hosts, Templates, the three
-- histories, sealed secrets and the vault key's metadata.
--
-- Conventions, kept by every later migration:
-- - ids are UUIDs as text, upper case as Foundation prints them ('E621E1F8-C36C-495A-...');
-- - times are unix seconds as REAL (fractions kept), columns named *_at;
-- - booleans are INTEGER 0 or 1; lists are child tables with a position, or JSON text arrays;
-- - secrets are never stored in the clear: records hold the id of a row in `secrets`, whose
--   `sealed` blob is AES-256-GCM (nonce || ciphertext || tag) under the vault key.
--
-- Foreign keys that point at something a person may still use (a Host's Identity, an
-- Identity's Key, a jump hop) have no ON DELETE action: removing the target while it is used
-- fails here too. The application unbinds the users first (`--force`). Histories, jump rows
-- and tags belong to their Host and go with it. Known Hosts never reference Hosts.
--
-- The migrator runs this file inside its own transaction and records it in
-- schema_migrations and PRAGMA user_version; it must not contain BEGIN or COMMIT.

CREATE TABLE keys (
    id                    TEXT    NOT NULL PRIMARY KEY,
    label                 TEXT    NOT NULL UNIQUE CHECK (label <> ''),
    algorithm             TEXT    NOT NULL,            -- as in key lines: 'ssh-ed25519', 'ssh-rsa'...
    bits                  INTEGER NOT NULL CHECK (bits > 0),
    public_key            BLOB    NOT NULL,            -- SSH wire format
    comment               TEXT    NOT NULL DEFAULT '',
    private_key_secret_id TEXT    NOT NULL,
    is_encrypted          INTEGER NOT NULL CHECK (is_encrypted IN (0, 1)),
    passphrase_secret_id  TEXT,
    created_at            REAL    NOT NULL
);

CREATE TABLE identities (
    id                 TEXT NOT NULL PRIMARY KEY,
    label              TEXT NOT NULL UNIQUE CHECK (label <> ''),
    username           TEXT NOT NULL CHECK (username <> ''),
    password_secret_id TEXT,
    key_id             TEXT REFERENCES keys (id)
);
CREATE INDEX identities_by_key ON identities (key_id);

CREATE TABLE hosts (
    id          TEXT    NOT NULL PRIMARY KEY,
    label       TEXT    NOT NULL UNIQUE CHECK (label <> ''),
    hostname    TEXT    NOT NULL CHECK (hostname <> ''),
    port        INTEGER NOT NULL DEFAULT 22 CHECK (port BETWEEN 1 AND 65535),
    username    TEXT,                                  -- overrides the Identity's; NULL: none
    identity_id TEXT    REFERENCES identities (id),
    notes       TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX hosts_by_identity ON hosts (identity_id);

-- A Host's jump chain, first hop at position 0.
CREATE TABLE host_jumps (
    host_id  TEXT    NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    hop_id   TEXT    NOT NULL REFERENCES hosts (id),
    PRIMARY KEY (host_id, position),
    CHECK (hop_id <> host_id)
);
CREATE INDEX host_jumps_by_hop ON host_jumps (hop_id);

CREATE TABLE host_tags (
    host_id  TEXT    NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),
    tag      TEXT    NOT NULL,
    PRIMARY KEY (host_id, position)
);

CREATE TABLE snippets (
    id     TEXT NOT NULL PRIMARY KEY,
    label  TEXT NOT NULL UNIQUE CHECK (label <> ''),
    script TEXT NOT NULL,
    tags   TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array')
);

CREATE TABLE known_hosts (
    id       TEXT NOT NULL PRIMARY KEY,
    pattern  TEXT NOT NULL CHECK (pattern <> ''),      -- as written: lists, wildcards, [host]:port, |1|salt|hmac
    key_type TEXT NOT NULL CHECK (key_type <> ''),
    key      BLOB NOT NULL,                            -- SSH wire format
    marker   TEXT NOT NULL DEFAULT '' CHECK (marker IN ('', '@revoked', '@cert-authority')),
    comment  TEXT NOT NULL DEFAULT '',
    added_at REAL NOT NULL,
    UNIQUE (pattern, key_type, key, marker)
);

-- layout: TemplateLayout as JSON (Swift's Codable form of the enum).
CREATE TABLE templates (
    id     TEXT NOT NULL PRIMARY KEY,
    label  TEXT NOT NULL UNIQUE CHECK (label <> ''),
    layout TEXT NOT NULL CHECK (json_valid(layout))
);

CREATE TABLE connection_history (
    id        TEXT NOT NULL PRIMARY KEY,
    host_id   TEXT NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    kind      TEXT NOT NULL CHECK (kind IN ('ssh', 'sftp')),
    opened_at REAL NOT NULL
);
CREATE INDEX connection_history_by_host ON connection_history (host_id, opened_at);

-- At most 1,000 rows per Host, oldest (by started_at) dropped: kept by the store on insert.
CREATE TABLE command_history (
    id                TEXT    NOT NULL PRIMARY KEY,
    host_id           TEXT    NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    command           TEXT    NOT NULL,
    started_at        REAL    NOT NULL,
    exit_status       INTEGER,
    duration          REAL,                            -- seconds
    working_directory TEXT
);
CREATE INDEX command_history_by_host ON command_history (host_id, started_at);

CREATE TABLE sftp_history (
    id         TEXT NOT NULL PRIMARY KEY,
    host_id    TEXT NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    path       TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('directory', 'file')),
    visited_at REAL NOT NULL
);
CREATE INDEX sftp_history_by_host ON sftp_history (host_id, visited_at);

-- Sealed secrets; the id is also the AES-GCM authenticated data, so a blob moved to another
-- row does not open.
CREATE TABLE secrets (
    id     TEXT NOT NULL PRIMARY KEY,
    sealed BLOB NOT NULL CHECK (length(sealed) >= 28)
);

-- Where the vault key comes from and how to check it:
--   key_source    'key-file' (the key file beside the config) or 'passphrase' (scrypt)
--   verifier      a fixed constant sealed under the vault key (wrong key → refused early)
--   scrypt_salt   16 random bytes; scrypt_n, scrypt_r, scrypt_p: the cost parameters
CREATE TABLE vault_meta (
    key   TEXT NOT NULL PRIMARY KEY,
    value BLOB NOT NULL
);
INSERT INTO vault_meta (key, value) VALUES ('key_source', 'key-file');
