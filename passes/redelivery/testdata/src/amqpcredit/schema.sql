-- settlements: one row per invoice.
CREATE TABLE settlements (invoice_id TEXT PRIMARY KEY, account_id BIGINT NOT NULL, amount BIGINT NOT NULL);
-- transfers: one row per transfer, under a serial key.
CREATE TABLE transfers (id BIGSERIAL PRIMARY KEY, invoice_id TEXT NOT NULL, amount BIGINT NOT NULL);
