-- How each Host's connections check that the server is still there (OpenSSH's
-- ServerAliveInterval / ServerAliveCountMax; interval 0 sends none), and the seconds between
-- two samples of its server metrics. Existing Hosts get the defaults: 30 s x 3, and 2 s.
ALTER TABLE hosts ADD COLUMN keepalive_interval INTEGER NOT NULL DEFAULT 30 CHECK (keepalive_interval BETWEEN 0 AND 86400);
ALTER TABLE hosts ADD COLUMN keepalive_count_max INTEGER NOT NULL DEFAULT 3 CHECK (keepalive_count_max BETWEEN 1 AND 1000);
ALTER TABLE hosts ADD COLUMN metrics_interval INTEGER NOT NULL DEFAULT 2 CHECK (metrics_interval BETWEEN 1 AND 3600);
