package repo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrAlreadyReserved = errors.New("already reserved")

// ReservationRepo books seats; seat_reservations has no unique index.
type ReservationRepo struct {
	Pool *pgxpool.Pool
}

// Reserve books a seat for the user unless they have one.
func (r *ReservationRepo) Reserve(ctx context.Context, eventID, userID int64) (int64, error) {
	tx, err := r.Pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)

	var existing int64
	err = tx.QueryRow(ctx,
		`SELECT id FROM seat_reservations WHERE event_id = $1 AND user_id = $2 FOR UPDATE`, // L:F3b
		eventID, userID).Scan(&existing)
	switch {
	case err == nil:
		return existing, ErrAlreadyReserved
	case !errors.Is(err, pgx.ErrNoRows):
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx,
		`INSERT INTO seat_reservations (event_id, user_id) VALUES ($1, $2) RETURNING id`,
		eventID, userID).Scan(&id); err != nil {
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	return id, nil
}

// ReserveWithCapacity locks the event row, then checks and books.
func (r *ReservationRepo) ReserveWithCapacity(ctx context.Context, eventID, userID int64) (int64, error) {
	tx, err := r.Pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)

	var capacity int
	if err := tx.QueryRow(ctx, `SELECT capacity FROM events WHERE id = $1 FOR UPDATE`, eventID).Scan(&capacity); err != nil {
		return 0, err
	}
	var taken int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM seat_reservations WHERE event_id = $1`, eventID).Scan(&taken); err != nil { // L:F3b-safe
		return 0, err
	}
	if taken >= capacity {
		return 0, errors.New("sold out")
	}
	var mine int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM seat_reservations WHERE event_id = $1 AND user_id = $2`, eventID, userID).Scan(&mine); err != nil {
		return 0, err
	}
	if mine > 0 {
		return 0, ErrAlreadyReserved
	}
	var id int64
	if err := tx.QueryRow(ctx,
		`INSERT INTO seat_reservations (event_id, user_id) VALUES ($1, $2) RETURNING id`, eventID, userID).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

// ReserveNaive counts seats without any lock: two buyers of the last seat both get it.
func (r *ReservationRepo) ReserveNaive(ctx context.Context, eventID, userID int64) (int64, error) {
	var capacity, taken int
	if err := r.Pool.QueryRow(ctx,
		`SELECT e.capacity, (SELECT count(*) FROM seat_reservations s WHERE s.event_id = e.id) FROM events e WHERE e.id = $1`, // L:F4e
		eventID).Scan(&capacity, &taken); err != nil {
		return 0, err
	}
	if taken >= capacity {
		return 0, errors.New("sold out")
	}
	var id int64
	err := r.Pool.QueryRow(ctx,
		`INSERT INTO seat_reservations (event_id, user_id) VALUES ($1, $2) RETURNING id`, eventID, userID).Scan(&id)
	return id, err
}
