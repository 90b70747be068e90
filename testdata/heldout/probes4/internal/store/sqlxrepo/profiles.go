package sqlxrepo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/domain"
)

type Profiles struct{ db *sqlx.DB }

func NewProfiles(db *sqlx.DB) *Profiles { return &Profiles{db: db} }

// ProfileByUserID returns the zero Profile when the user has none.
func (r *Profiles) ProfileByUserID(ctx context.Context, userID int64) (domain.Profile, error) {
	var p domain.Profile
	err := r.db.GetContext(ctx, &p, qProfileByUser, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Profile{}, nil
	}
	return p, err
}

func (r *Profiles) InsertProfile(ctx context.Context, p domain.Profile) error {
	_, err := r.db.NamedExecContext(ctx, qInsertProfile, p)
	return mapErr(err)
}

// SettingsByUserID returns the zero settings when the user has none.
func (r *Profiles) SettingsByUserID(ctx context.Context, userID int64) (domain.NotificationSettings, error) {
	var s domain.NotificationSettings
	err := r.db.GetContext(ctx, &s, qSettingsByUser, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.NotificationSettings{}, nil
	}
	return s, err
}

func (r *Profiles) InsertSettingsIfAbsent(ctx context.Context, s domain.NotificationSettings) (bool, error) {
	res, err := r.db.ExecContext(ctx, qInsertSettingsIfAbsent, s.UserID, s.OrderEmails, s.Marketing)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

type Contacts struct{ db *sqlx.DB }

func NewContacts(db *sqlx.DB) *Contacts { return &Contacts{db: db} }

func (r *Contacts) ContactByEmail(ctx context.Context, email string) (domain.Contact, error) {
	var c domain.Contact
	err := r.db.GetContext(ctx, &c, qContactByEmail, email)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Contact{}, nil
	}
	return c, err
}

func (r *Contacts) UpsertContact(ctx context.Context, c domain.Contact) error {
	_, err := r.db.ExecContext(ctx, qUpsertContact, c.Email, c.Name, c.Locale)
	return err
}
