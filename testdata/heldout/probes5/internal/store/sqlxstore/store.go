// Package sqlxstore implements the events-platform and webhook repositories
// on PostgreSQL with sqlx and lib/pq.
package sqlxstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"example.com/desk5/internal/domain"
)

// Open connects through lib/pq.
func Open(dsn string) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(20)
	return db, nil
}

// MapErr translates lib/pq errors into domain sentinels.
func MapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return fmt.Errorf("%w: %s", domain.ErrAlreadyExists, pqErr.Constraint)
	}
	return err
}

// InTx runs fn in a transaction.
func InTx(ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) error) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

type Event struct {
	ID          int64     `db:"id"`
	WorkspaceID int64     `db:"workspace_id"`
	Title       string    `db:"title"`
	StartsAt    time.Time `db:"starts_at"`
	Capacity    int       `db:"capacity"`
	SeatsTaken  int       `db:"seats_taken"`
	PriceCents  int64     `db:"price_cents"`
	OrganizerID int64     `db:"organizer_id"`
	Status      string    `db:"status"`
	CreatedAt   time.Time `db:"created_at"`
}

type Registration struct {
	ID                int64        `db:"id"`
	EventID           int64        `db:"event_id"`
	Email             string       `db:"email"`
	Name              string       `db:"name"`
	Status            string       `db:"status"`
	ReminderSentAt    sql.NullTime `db:"reminder_sent_at"`
	FollowupClaimedAt sql.NullTime `db:"followup_claimed_at"`
	FollowupSentAt    sql.NullTime `db:"followup_sent_at"`
	CreatedAt         time.Time    `db:"created_at"`
}

type WaitlistEntry struct {
	ID         int64        `db:"id"`
	EventID    int64        `db:"event_id"`
	Email      string       `db:"email"`
	Position   int          `db:"position"`
	Status     string       `db:"status"`
	PromotedAt sql.NullTime `db:"promoted_at"`
	CreatedAt  time.Time    `db:"created_at"`
}

type Speaker struct {
	ID        int64     `db:"id"`
	EventID   int64     `db:"event_id"`
	Email     string    `db:"email"`
	Name      string    `db:"name"`
	Slot      string    `db:"slot"`
	CreatedAt time.Time `db:"created_at"`
}

type Tag struct {
	ID          int64  `db:"id"`
	WorkspaceID int64  `db:"workspace_id"`
	Name        string `db:"name"`
	Color       string `db:"color"`
}

type Order struct {
	ID          int64     `db:"id"`
	EventID     int64     `db:"event_id"`
	Email       string    `db:"email"`
	Quantity    int       `db:"quantity"`
	AmountCents int64     `db:"amount_cents"`
	ChargeID    string    `db:"charge_id"`
	CreatedAt   time.Time `db:"created_at"`
}

type WebhookEndpoint struct {
	ID          int64  `db:"id"`
	WorkspaceID int64  `db:"workspace_id"`
	URL         string `db:"url"`
	Secret      string `db:"secret"`
}

type WebhookDelivery struct {
	ID          int64     `db:"id"`
	EndpointID  int64     `db:"endpoint_id"`
	EventType   string    `db:"event_type"`
	Payload     []byte    `db:"payload"`
	Status      string    `db:"status"`
	Attempts    int       `db:"attempts"`
	NextAttempt time.Time `db:"next_attempt"`
	URL         string    `db:"url"`
	Secret      string    `db:"secret"`
}

// Events is the events-platform repository.
type Events struct{ DB *sqlx.DB }

func (r Events) Get(ctx context.Context, id int64) (Event, error) {
	var e Event
	err := r.DB.GetContext(ctx, &e, `SELECT * FROM events WHERE id = $1`, id)
	return e, MapErr(err)
}

func (r Events) CountRegistrations(ctx context.Context, eventID int64) (int, error) {
	var n int
	err := r.DB.GetContext(ctx, &n, `SELECT count(*) FROM registrations WHERE event_id = $1 AND status = 'confirmed'`, eventID)
	return n, MapErr(err)
}

func (r Events) InsertRegistration(ctx context.Context, q sqlx.ExtContext, reg *Registration) error {
	row := q.QueryRowxContext(ctx,
		`INSERT INTO registrations (event_id, email, name, status) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
		reg.EventID, reg.Email, reg.Name, reg.Status)
	return MapErr(row.Scan(&reg.ID, &reg.CreatedAt))
}

// SpeakerByEmail returns the zero Speaker when there is none.
func (r Events) SpeakerByEmail(ctx context.Context, eventID int64, email string) (Speaker, error) {
	var sp Speaker
	err := r.DB.GetContext(ctx, &sp, `SELECT * FROM event_speakers WHERE event_id = $1 AND lower(email) = lower($2) LIMIT 1`, eventID, email)
	if errors.Is(err, sql.ErrNoRows) {
		return Speaker{}, nil
	}
	return sp, MapErr(err)
}

func (r Events) InsertSpeaker(ctx context.Context, sp *Speaker) error {
	return MapErr(r.DB.QueryRowxContext(ctx,
		`INSERT INTO event_speakers (event_id, email, name, slot) VALUES ($1, $2, $3, $4) RETURNING id`,
		sp.EventID, sp.Email, sp.Name, sp.Slot).Scan(&sp.ID))
}

// TagByName returns the zero Tag when there is none.
func (r Events) TagByName(ctx context.Context, workspaceID int64, name string) (Tag, error) {
	var t Tag
	err := r.DB.GetContext(ctx, &t, `SELECT * FROM event_tags WHERE workspace_id = $1 AND name = $2`, workspaceID, name)
	if errors.Is(err, sql.ErrNoRows) {
		return Tag{}, nil
	}
	return t, MapErr(err)
}

// InsertTagIfAbsent inserts the tag unless it exists and reports whether
// this call inserted it.
func (r Events) InsertTagIfAbsent(ctx context.Context, t *Tag) (bool, error) {
	res, err := r.DB.NamedExecContext(ctx,
		`INSERT INTO event_tags (workspace_id, name, color) VALUES (:workspace_id, :name, :color)
		 ON CONFLICT (workspace_id, name) DO NOTHING`, t)
	if err != nil {
		return false, MapErr(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
