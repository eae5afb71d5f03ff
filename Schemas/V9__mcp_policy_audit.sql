-- `termind mcp`: what an agent may do on which Host, and what it did. New tables only: no
-- existing row changes.
-- A rule names a tool and either one Host (removed with it, and kept when it is relabelled)
-- or a tag; the decision applies to calls of that tool there.
CREATE TABLE mcp_policy (
    tool      TEXT NOT NULL CHECK (tool <> ''),
    host_id   TEXT REFERENCES hosts (id) ON DELETE CASCADE,
    tag       TEXT,
    decision  TEXT NOT NULL CHECK (decision IN ('deny', 'ask', 'approve')),
    CHECK ((host_id IS NULL) <> (tag IS NULL))
);
CREATE UNIQUE INDEX mcp_policy_by_host ON mcp_policy (tool, host_id) WHERE host_id IS NOT NULL;
CREATE UNIQUE INDEX mcp_policy_by_tag ON mcp_policy (tool, tag) WHERE tag IS NOT NULL;

-- Every tool call: never arguments in full (a digest and a redacted summary), never output.
CREATE TABLE mcp_audit (
    called_at        REAL    NOT NULL,
    agent            TEXT    NOT NULL,
    tool             TEXT    NOT NULL,
    host             TEXT,
    argument_digest  TEXT    NOT NULL,
    summary          TEXT    NOT NULL,
    decision         TEXT    NOT NULL CHECK (decision IN ('approved', 'denied')),
    decided_by       TEXT    NOT NULL,
    outcome          TEXT    NOT NULL,
    bytes            INTEGER NOT NULL
);
CREATE INDEX mcp_audit_by_time ON mcp_audit (called_at);

-- Calls the policy asks about, while the person decides (`termind mcp approvals`, `approve ID`,
-- `deny ID`). The exact arguments are kept only while the call waits, to be shown; a decision
-- clears them, and a call no one answered is removed. An approval is for this row's call alone.
CREATE TABLE mcp_approvals (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    requested_at     REAL    NOT NULL,
    agent            TEXT    NOT NULL,
    tool             TEXT    NOT NULL,
    host             TEXT,
    argument_digest  TEXT    NOT NULL,
    summary          TEXT    NOT NULL,
    arguments        TEXT,
    state            TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'denied')),
    decided_by       TEXT
);
