package limits

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

// pgx scans a count through the Row interface it returns.
type Reservations struct {
	pool *pgxpool.Pool
}

// Two buyers of the last seat both count 99 and both reserve.
func (r *Reservations) Reserve(ctx context.Context, eventID, userID int64) error {
	var taken int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM seat_reservations WHERE event_id = $1`, eventID).Scan(&taken); err != nil { // want `limit race: the count of seat_reservations is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
		return err
	}
	if taken >= 100 {
		return errors.New("sold out")
	}
	_, err := r.pool.Exec(ctx, `INSERT INTO seat_reservations (event_id, user_id) VALUES ($1, $2)`, eventID, userID)
	return err
}

// Near miss: the insert goes elsewhere (a waiting list has no limit);
// nothing adds to what was counted.
func (r *Reservations) Waitlist(ctx context.Context, eventID, userID int64) error {
	var taken int
	if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM seat_reservations WHERE event_id = $1`, eventID).Scan(&taken); err != nil {
		return err
	}
	if taken < 100 {
		return errors.New("seats left: reserve one")
	}
	_, err := r.pool.Exec(ctx, `INSERT INTO waitlist (event_id, user_id) VALUES ($1, $2)`, eventID, userID)
	return err
}
