-- A later migration adds the key: scripts merge by table.
CREATE UNIQUE INDEX CONCURRENTLY payments_key_key ON payments (key);
