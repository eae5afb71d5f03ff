-- Whether the workbench reconnects this Host's lost panes by itself ('auto', when authenticating
-- needs no person) or waits for the person ('manual'). Existing Hosts reconnect by themselves.
ALTER TABLE hosts ADD COLUMN reconnect TEXT NOT NULL DEFAULT 'auto' CHECK (reconnect IN ('auto', 'manual'));
