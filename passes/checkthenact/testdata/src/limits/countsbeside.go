package limits

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Counts read beside a row, in subqueries of one SELECT's output list.
type Venues struct {
	pool *pgxpool.Pool
	db   *sql.DB
}

// The capacity and the seats taken in one query: two buyers of the last
// seat both read 99 of 100 and both reserve.
func (v *Venues) Reserve(ctx context.Context, eventID, userID int64) error {
	var capacity, taken int
	err := v.pool.QueryRow(ctx, `SELECT e.capacity, (SELECT count(*) FROM seat_reservations s WHERE s.event_id = e.id) FROM events e WHERE e.id = $1`, eventID).Scan(&capacity, &taken) // want `limit race: the count of seat_reservations is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if taken >= capacity {
		return errors.New("sold out")
	}
	_, err = v.pool.Exec(ctx, `INSERT INTO seat_reservations (event_id, user_id) VALUES ($1, $2)`, eventID, userID)
	return err
}

// Two counts summed against the seats an organisation bought.
func (v *Venues) Invite(ctx context.Context, orgID int64, seats int) error {
	var members, pending int
	err := v.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM members WHERE org_id = $1), (SELECT count(*) FROM invitations WHERE org_id = $1 AND accepted_at IS NULL)`, orgID).Scan(&members, &pending) // want `limit race: the count of members and invitations is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if members+pending >= seats {
		return errors.New("no seats left")
	}
	_, err = v.db.ExecContext(ctx, `INSERT INTO invitations (org_id) VALUES ($1)`, orgID)
	return err
}

// Near miss: the insert adds to neither count (a waiting list has no
// limit).
func (v *Venues) JoinWaitlist(ctx context.Context, eventID, userID int64) error {
	var capacity, taken int
	err := v.pool.QueryRow(ctx, `SELECT e.capacity, (SELECT count(*) FROM seat_reservations s WHERE s.event_id = e.id) FROM events e WHERE e.id = $1`, eventID).Scan(&capacity, &taken)
	if err != nil {
		return err
	}
	if taken < capacity {
		return errors.New("seats left: reserve one")
	}
	_, err = v.pool.Exec(ctx, `INSERT INTO waitlist (event_id, user_id) VALUES ($1, $2)`, eventID, userID)
	return err
}
