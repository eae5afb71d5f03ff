-- Whether this Host's workbench panes share one authenticated connection (each pane a channel
-- on it: one authentication for many panes). On unless the person turns it off for the Host;
-- off, every pane connects on its own.
ALTER TABLE hosts ADD COLUMN share_connection INTEGER NOT NULL DEFAULT 1 CHECK (share_connection IN (0, 1));
