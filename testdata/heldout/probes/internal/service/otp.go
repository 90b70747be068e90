package service

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/mail"
)

// OTPService texts login codes, at most one per minute per user.
type OTPService struct {
	db  *sql.DB
	sms mail.SMS
}

func NewOTPService(db *sql.DB, sms mail.SMS) *OTPService { return &OTPService{db: db, sms: sms} }

const otpWindow = time.Minute

func (s *OTPService) lastSent(ctx context.Context, userID int64) (time.Time, string, error) {
	var last sql.NullTime
	var phone string
	err := s.db.QueryRowContext(ctx, `SELECT last_sms_at, phone FROM users WHERE id = $1`, userID).Scan(&last, &phone)
	if err != nil {
		return time.Time{}, "", err
	}
	return last.Time, phone, nil
}

// SendCode texts a code unless one went out in the last minute.
func (s *OTPService) SendCode(ctx context.Context, userID int64) error {
	last, phone, err := s.lastSent(ctx, userID) // L:F4c
	if err != nil {
		return err
	}
	if time.Since(last) < otpWindow {
		return domain.ErrTooSoon
	}
	code := fmt.Sprintf("%06d", rand.IntN(1000000))
	if err := s.sms.SendSMS(ctx, phone, "Your code: "+code); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE users SET last_sms_at = now() WHERE id = $1`, userID)
	return err
}

// SendCodeV2 claims the window with one conditional update.
func (s *OTPService) SendCodeV2(ctx context.Context, userID int64) error {
	var phone string
	err := s.db.QueryRowContext(ctx, `
		UPDATE users SET last_sms_at = now()
		WHERE id = $1 AND (last_sms_at IS NULL OR last_sms_at < now() - interval '1 minute')
		RETURNING phone`, userID).Scan(&phone) // L:F4c-safe
	if err == sql.ErrNoRows {
		return domain.ErrTooSoon
	}
	if err != nil {
		return err
	}
	code := fmt.Sprintf("%06d", rand.IntN(1000000))
	return s.sms.SendSMS(ctx, phone, "Your code: "+code)
}
