package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Bookings struct{ Pool *pgxpool.Pool }

const bookingCols = `id, merchant_id, customer_id, dock_id, slot, coalesce(client_ref, ''), status, coalesce(payment_ref, ''), amount_cents, email`

func scanBooking(row pgx.Row) (domain.Booking, error) {
	var b domain.Booking
	err := row.Scan(&b.ID, &b.MerchantID, &b.CustomerID, &b.DockID, &b.Slot, &b.ClientRef, &b.Status, &b.PaymentRef, &b.AmountCents, &b.Email)
	return b, err
}

func insertBooking(ctx context.Context, q querier, b *domain.Booking) error {
	if b.Status == "" {
		b.Status = domain.BookingPending
	}
	return q.QueryRow(ctx,
		`INSERT INTO bookings (merchant_id, customer_id, dock_id, slot, client_ref, status, amount_cents, email)
		 VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8)
		 RETURNING id`,
		b.MerchantID, b.CustomerID, b.DockID, b.Slot, b.ClientRef, b.Status, b.AmountCents, b.Email,
	).Scan(&b.ID)
}

// Create inserts a booking; bookings_merchant_client_ref_key rejects a second
// booking with the same client reference.
func (s Bookings) Create(ctx context.Context, b *domain.Booking) error {
	if err := insertBooking(ctx, s.Pool, b); err != nil {
		if pgCode(err) == uniqueViolation {
			return fmt.Errorf("booking %q: %w", b.ClientRef, domain.ErrAlreadyExists)
		}
		return fmt.Errorf("insert booking: %w", err)
	}
	return nil
}

// CreateOrGet inserts the booking or, when the client reference is taken,
// loads the existing one into b.
func (s Bookings) CreateOrGet(ctx context.Context, b *domain.Booking) (bool, error) {
	err := insertBooking(ctx, s.Pool, b)
	if err == nil {
		return true, nil
	}
	if pgCode(err) != uniqueViolation {
		return false, fmt.Errorf("insert booking: %w", err)
	}
	existing, err := s.GetByClientRef(ctx, b.MerchantID, b.ClientRef)
	if err != nil {
		return false, err
	}
	*b = existing
	return false, nil
}

func (s Bookings) Get(ctx context.Context, id int64) (domain.Booking, error) {
	b, err := scanBooking(s.Pool.QueryRow(ctx, `SELECT `+bookingCols+` FROM bookings WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Booking{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Booking{}, fmt.Errorf("get booking: %w", err)
	}
	return b, nil
}

func (s Bookings) GetByClientRef(ctx context.Context, merchantID int64, ref string) (domain.Booking, error) {
	b, err := scanBooking(s.Pool.QueryRow(ctx,
		`SELECT `+bookingCols+` FROM bookings WHERE merchant_id = $1 AND client_ref = $2`, merchantID, ref))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Booking{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Booking{}, fmt.Errorf("get booking by ref: %w", err)
	}
	return b, nil
}

type bookingQueries struct{ q querier }

func (b bookingQueries) ListForSlot(ctx context.Context, dockID int64, slot time.Time) ([]domain.Booking, error) {
	rows, err := b.q.Query(ctx,
		`SELECT `+bookingCols+` FROM bookings WHERE dock_id = $1 AND slot = $2 AND status <> 'cancelled'`,
		dockID, slot)
	if err != nil {
		return nil, fmt.Errorf("list slot: %w", err)
	}
	defer rows.Close()
	var out []domain.Booking
	for rows.Next() {
		bk, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, bk)
	}
	return out, rows.Err()
}

func (b bookingQueries) Insert(ctx context.Context, bk *domain.Booking) error {
	if err := insertBooking(ctx, b.q, bk); err != nil {
		return fmt.Errorf("insert booking: %w", err)
	}
	return nil
}

// ListForSlot returns the live (not cancelled) bookings of a dock slot.
// Cancelled bookings keep their slot, so there is no unique key on
// (dock_id, slot).
func (s Bookings) ListForSlot(ctx context.Context, dockID int64, slot time.Time) ([]domain.Booking, error) {
	return bookingQueries{s.Pool}.ListForSlot(ctx, dockID, slot)
}

func (s Bookings) Insert(ctx context.Context, b *domain.Booking) error {
	return bookingQueries{s.Pool}.Insert(ctx, b)
}

// WithDockLock runs fn in a transaction that holds the dock row's lock.
func (s Bookings) WithDockLock(ctx context.Context, dockID int64, fn func(ctx context.Context, q repo.BookingQueries) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM docks WHERE id = $1 FOR UPDATE`, dockID).Scan(&id); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return domain.ErrNotFound
			}
			return fmt.Errorf("lock dock %d: %w", dockID, err)
		}
		return fn(ctx, bookingQueries{tx})
	})
}

func (s Bookings) SetStatus(ctx context.Context, id int64, st domain.BookingStatus) error {
	if _, err := s.Pool.Exec(ctx, `UPDATE bookings SET status = $2 WHERE id = $1`, id, st); err != nil {
		return fmt.Errorf("set booking status: %w", err)
	}
	return nil
}

// Transition moves the booking from one status to another and reports
// whether this call made the change.
func (s Bookings) Transition(ctx context.Context, id int64, from, to domain.BookingStatus) (bool, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE bookings SET status = $3 WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, fmt.Errorf("transition booking: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
