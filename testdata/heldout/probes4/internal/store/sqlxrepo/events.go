package sqlxrepo

import (
	"context"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/domain"
)

type Events struct{ db *sqlx.DB }

func NewEvents(db *sqlx.DB) *Events { return &Events{db: db} }

func (r *Events) Get(ctx context.Context, id int64) (domain.Event, error) {
	var ev domain.Event
	err := r.db.GetContext(ctx, &ev, qEventByID, id)
	return ev, mapErr(err)
}

func (r *Events) IsRegistered(ctx context.Context, eventID, userID int64) (bool, error) {
	var ok bool
	err := r.db.GetContext(ctx, &ok, qIsRegistered, eventID, userID)
	return ok, err
}

func (r *Events) InsertRegistration(ctx context.Context, reg *domain.Registration) error {
	err := r.db.QueryRowxContext(ctx, qInsertRegistration, reg.EventID, reg.UserID, reg.TicketCode).
		Scan(&reg.ID, &reg.CreatedAt)
	return mapErr(err)
}

func (r *Events) HasSeat(ctx context.Context, sessionID, userID int64) (bool, error) {
	var ok bool
	err := r.db.GetContext(ctx, &ok, qHasSeat, sessionID, userID)
	return ok, err
}

func (r *Events) InsertSeat(ctx context.Context, s domain.SessionSeat) error {
	_, err := r.db.NamedExecContext(ctx, qInsertSeat, s)
	return mapErr(err)
}
