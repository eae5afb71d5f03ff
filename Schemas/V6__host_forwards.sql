-- Port-forwarding rules kept on a Host (`ssh -L`, `-R`, `-D`), in order. `enabled` is the
-- person's local choice: `termind forward HOST` with no rule runs the enabled ones.
CREATE TABLE host_forwards (
    host_id      TEXT    NOT NULL REFERENCES hosts (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL CHECK (position >= 0),
    kind         TEXT    NOT NULL CHECK (kind IN ('L', 'R', 'D')),
    bind_address TEXT,
    bind_port    INTEGER NOT NULL CHECK (bind_port BETWEEN 0 AND 65535),
    target_host  TEXT,
    target_port  INTEGER CHECK (target_port BETWEEN 1 AND 65535),
    enabled      INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    PRIMARY KEY (host_id, position)
);
