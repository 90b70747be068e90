package schema

import (
	"database/sql"
	"embed"
)

//go:embed migrations
var migrations embed.FS // want `001_keys.sql:2: unique \(key\) on idempotency_keys makes the idempotency key unique across owners though the table records merchant_id` `002_payments.sql:7: unique \(idempotency_key\) on payments`

const createRefunds = /* want `unique \(idempotency_key\) on refunds makes the idempotency key unique across owners though the table records account_id` */ `
CREATE TABLE refunds (
	id bigserial PRIMARY KEY,
	account_id bigint NOT NULL,
	idempotency_key text UNIQUE
)`

// Near miss: scoped by the account.
const createTransfers = `
CREATE TABLE transfers (
	id bigserial PRIMARY KEY,
	account_id bigint NOT NULL,
	idempotency_key text,
	UNIQUE (account_id, idempotency_key)
)`

// Near miss: a table that records no owner (one tenant).
const createJobs = `
CREATE TABLE job_runs (
	id bigserial PRIMARY KEY,
	idempotency_key text UNIQUE
)`

func Migrate(db *sql.DB) error {
	for _, q := range []string{createRefunds, createTransfers, createJobs} {
		if _, err := db.Exec(q); err != nil {
			return err
		}
	}
	_ = migrations
	return nil
}
