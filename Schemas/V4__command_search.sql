-- Full-text search over the command history: an FTS5 index with the trigram tokenizer (SQLite
-- 3.34+), so a search matches any part of a command ("ssh-ke" finds "ssh-keygen") as the
-- person types. External content: the text stays in command_history only, and triggers keep
-- the index equal to it, including rows dropped by the per-Host cap or with their Host.
-- command_history has no INTEGER PRIMARY KEY, so a VACUUM could renumber its rowids; the
-- Vault never vacuums, and after one `INSERT INTO command_search (command_search)
-- VALUES ('rebuild')` would make the index again from the table.
CREATE VIRTUAL TABLE command_search USING fts5 (
    command, content = 'command_history', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO command_search (command_search) VALUES ('rebuild');

CREATE TRIGGER command_history_indexed AFTER INSERT ON command_history BEGIN
    INSERT INTO command_search (rowid, command) VALUES (new.rowid, new.command);
END;
CREATE TRIGGER command_history_unindexed AFTER DELETE ON command_history BEGIN
    INSERT INTO command_search (command_search, rowid, command) VALUES ('delete', old.rowid, old.command);
END;
CREATE TRIGGER command_history_reindexed AFTER UPDATE OF command ON command_history BEGIN
    INSERT INTO command_search (command_search, rowid, command) VALUES ('delete', old.rowid, old.command);
    INSERT INTO command_search (rowid, command) VALUES (new.rowid, new.command);
END;
