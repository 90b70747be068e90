package service

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"math/big"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AccountMisc gathers small account features.
type AccountMisc struct {
	SQL  *sqlx.DB
	Gorm *gorm.DB
	Pub  Publisher
}

const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func randomCode(n int) string {
	b := make([]byte, n)
	for i := range b {
		idx, _ := rand.Int(rand.Reader, big.NewInt(int64(len(codeAlphabet))))
		b[i] = codeAlphabet[idx.Int64()]
	}
	return string(b)
}

// NewReferralCode draws codes until it finds a free one.
func (m *AccountMisc) NewReferralCode(ctx context.Context, userID int64) (string, error) {
	for i := 0; i < 10; i++ {
		code := randomCode(8)
		var taken bool
		if err := m.SQL.GetContext(ctx, &taken, `SELECT EXISTS (SELECT 1 FROM referral_codes WHERE code = $1)`, code); err != nil { // L:S-minted
			return "", err
		}
		if taken {
			continue
		}
		if _, err := m.SQL.ExecContext(ctx, `INSERT INTO referral_codes (code, user_id) VALUES ($1, $2)`, code, userID); err != nil {
			return "", err
		}
		return code, nil
	}
	return "", errors.New("could not allocate a referral code")
}

// Login opens a session for a known e-mail; each login is its own session.
func (m *AccountMisc) Login(ctx context.Context, email string) (string, error) {
	var userID int64
	err := m.SQL.GetContext(ctx, &userID, `SELECT id FROM users WHERE email = $1`, email) // L:S-session
	if errors.Is(err, sql.ErrNoRows) {
		return "", errors.New("unknown user")
	}
	if err != nil {
		return "", err
	}
	sid := uuid.NewString()
	_, err = m.SQL.ExecContext(ctx, `INSERT INTO sessions (id, user_id) VALUES ($1, $2)`, sid, userID)
	return sid, err
}

type Preference struct {
	UserID int64  `gorm:"primaryKey"`
	Name   string `gorm:"primaryKey"`
	Value  string
}

// SetPreference stores a preference, announcing first-time choices.
func (m *AccountMisc) SetPreference(ctx context.Context, userID int64, name, value string) error {
	var cur Preference
	err := m.Gorm.WithContext(ctx).Where("user_id = ? AND name = ?", userID, name).Take(&cur).Error // L:S-upsert
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	if err == nil && cur.Value == value {
		return nil
	}
	return m.Gorm.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}, {Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"value"}),
	}).Create(&Preference{UserID: userID, Name: name, Value: value}).Error
}

// RemoveSession deletes a session if it exists (logout).
func (m *AccountMisc) RemoveSession(ctx context.Context, sid string) error {
	var n int
	if err := m.SQL.GetContext(ctx, &n, `SELECT count(*) FROM sessions WHERE id = $1`, sid); err != nil { // L:S-delete
		return err
	}
	if n == 0 {
		return nil
	}
	_, err := m.SQL.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, sid)
	return err
}

// UpgradePlan sets the plan to an absolute value after a check.
func (m *AccountMisc) UpgradePlan(ctx context.Context, userID int64, plan string) error {
	var cur string
	if err := m.SQL.GetContext(ctx, &cur, `SELECT plan FROM users WHERE id = $1`, userID); err != nil { // L:S-abs-plan
		return err
	}
	if cur == plan {
		return nil
	}
	_, err := m.SQL.ExecContext(ctx, `UPDATE users SET plan = $1 WHERE id = $2`, plan, userID)
	return err
}
