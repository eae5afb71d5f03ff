-- Whether a remote program in this Host's panes may set the local clipboard (OSC 52).
-- Off unless the person turns it on for the Host: a server must not write the clipboard.
ALTER TABLE hosts ADD COLUMN clipboard_writes INTEGER NOT NULL DEFAULT 0 CHECK (clipboard_writes IN (0, 1));
