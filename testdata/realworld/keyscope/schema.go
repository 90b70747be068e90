package keyscope

import "embed"

// Migrations creates idempotency_keys with its primary key on the key
// alone, though each row records its merchant (migrations/001_keys.sql:2).
//
//go:embed migrations/*.sql
var Migrations embed.FS // want:keyscope

// createTransfers is the near miss: the unique key includes the account.
const createTransfers = `
CREATE TABLE transfers (
	id bigserial PRIMARY KEY,
	account_id bigint NOT NULL,
	idempotency_key text,
	UNIQUE (account_id, idempotency_key)
)`

var _ = createTransfers
