-- The ledger of ledgers.go: one entry of each kind per invoice.
CREATE TABLE invoices (id BIGSERIAL PRIMARY KEY, user_id BIGINT NOT NULL, amount BIGINT NOT NULL, state TEXT NOT NULL);
CREATE TABLE ledger_entries (id BIGSERIAL PRIMARY KEY, invoice_id BIGINT NOT NULL, user_id BIGINT NOT NULL, entry_type TEXT NOT NULL, amount BIGINT NOT NULL);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entry_once UNIQUE (invoice_id, entry_type);
CREATE TABLE credit_notes (id BIGSERIAL PRIMARY KEY, invoice_id BIGINT NOT NULL, amount BIGINT NOT NULL);
CREATE TABLE payouts (id BIGSERIAL PRIMARY KEY, invoice_id BIGINT NOT NULL, reference TEXT NOT NULL, amount BIGINT NOT NULL, UNIQUE (invoice_id, reference));
