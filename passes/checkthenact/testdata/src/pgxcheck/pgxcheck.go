package pgxcheck

import (
	"context"
	"errors"

	"github.com/georgysavva/scany/v2/pgxscan"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler struct{ pool *pgxpool.Pool }

func (h *Handler) Charge(ctx context.Context, key string, amount int64) error {
	var seen bool
	err := h.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1)", key).Scan(&seen) // want `check-then-act race: the existence check on idempotency_keys`
	if err != nil || seen {
		return err
	}
	_, err = h.pool.Exec(ctx, "INSERT INTO idempotency_keys (key, amount) VALUES ($1, $2)", key, amount)
	return err
}

// Near miss: 23505 is handled as "someone else got there first".
func (h *Handler) ChargeHandled(ctx context.Context, key string, amount int64) error {
	var seen bool
	err := h.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $1)", key).Scan(&seen)
	if err != nil || seen {
		return err
	}
	_, err = h.pool.Exec(ctx, "INSERT INTO idempotency_keys (key, amount) VALUES ($1, $2)", key, amount)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

func (h *Handler) InTx(ctx context.Context, key string) error {
	return pgx.BeginFunc(ctx, h.pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key).Scan(&id) // want `check-then-act race: the existence check on webhooks`
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO webhooks (event_id) VALUES ($1)", key)
		return err
	})
}

// Near miss: a serializable transaction.
func (h *Handler) InSerializableTx(ctx context.Context, key string) error {
	return pgx.BeginTxFunc(ctx, h.pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key).Scan(&id)
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO webhooks (event_id) VALUES ($1)", key)
		return err
	})
}

// Near miss: the insert itself probes for the row (INSERT ... WHERE NOT
// EXISTS), so the check before it decides nothing; whether the insert
// picks one winner depends on a unique key no schema here shows
// (notexists has the schema-backed cases).
func (h *Handler) InsertIfAbsent(ctx context.Context, key string) error {
	var id int64
	err := h.pool.QueryRow(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key).Scan(&id)
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = h.pool.Exec(ctx, `INSERT INTO webhooks (event_id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM webhooks WHERE event_id = $1)`, key)
	return err
}

type Webhook struct{ ID int64 }

// pgx v5's two-call read: Query, then CollectOneRow answers ErrNoRows
// when no row came back, and two deliveries both insert.
func (h *Handler) Collected(ctx context.Context, key string) error {
	rows, err := h.pool.Query(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key) // want `check-then-act race: the existence check on webhooks`
	if err != nil {
		return err
	}
	_, err = pgx.CollectOneRow(rows, pgx.RowToStructByName[Webhook])
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	_, err = h.pool.Exec(ctx, "INSERT INTO webhooks (event_id) VALUES ($1)", key)
	return err
}

// Near miss: the insert runs when the row was found (a second delivery is
// logged), not when it is missing.
func (h *Handler) CollectedFound(ctx context.Context, key string) error {
	rows, err := h.pool.Query(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key)
	if err != nil {
		return err
	}
	if _, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[Webhook]); err != nil {
		return err
	}
	_, err = h.pool.Exec(ctx, "INSERT INTO webhook_repeats (event_id) VALUES ($1)", key)
	return err
}

// scany's Get runs the query and scans the row; NotFound says there was
// none, and two deliveries both insert.
func (h *Handler) Scanned(ctx context.Context, key string) error {
	var w Webhook
	err := pgxscan.Get(ctx, h.pool, &w, "SELECT id FROM webhooks WHERE event_id = $1", key) // want `check-then-act race: the existence check on webhooks`
	if pgxscan.NotFound(err) {
		_, err = h.pool.Exec(ctx, "INSERT INTO webhooks (event_id) VALUES ($1)", key)
	}
	return err
}

// Near miss: the insert runs when the row was found.
func (h *Handler) ScannedFound(ctx context.Context, key string) error {
	var w Webhook
	if err := pgxscan.Get(ctx, h.pool, &w, "SELECT id FROM webhooks WHERE event_id = $1", key); err != nil {
		return err
	}
	_, err := h.pool.Exec(ctx, "INSERT INTO webhook_repeats (event_id) VALUES ($1)", key)
	return err
}
