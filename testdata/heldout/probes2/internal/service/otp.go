package service

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/shop2/internal/notify"
)

var ErrTooManyCodes = errors.New("too many codes requested, try again later")

const (
	otpTTL         = 10 * time.Minute
	otpWindow      = time.Hour
	maxOTPPerHour  = 5
	maxResendPerHr = 3
)

// OTPService sends one-time sign-in codes by SMS and verification links by
// e-mail.
type OTPService struct {
	rdb    *redis.Client
	sms    notify.SMSSender
	mailer notify.Mailer
	log    *slog.Logger
}

func NewOTPService(rdb *redis.Client, sms notify.SMSSender, mailer notify.Mailer, log *slog.Logger) *OTPService {
	return &OTPService{rdb: rdb, sms: sms, mailer: mailer, log: log}
}

func otpCountKey(phone string) string { return "otp:sent:" + phone }
func otpCodeKey(phone string) string  { return "otp:code:" + phone }
func resendKey(userID int64) string   { return fmt.Sprintf("verify:resend:%d", userID) }

func sixDigits() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// SendCode texts a sign-in code to phone.
func (s *OTPService) SendCode(ctx context.Context, phone string) error {
	sent, err := s.rdb.Get(ctx, otpCountKey(phone)).Int64()
	if err != nil && !errors.Is(err, redis.Nil) {
		return fmt.Errorf("send code: %w", err)
	}
	if sent >= maxOTPPerHour {
		return ErrTooManyCodes
	}
	code, err := sixDigits()
	if err != nil {
		return err
	}
	if err := s.rdb.Set(ctx, otpCodeKey(phone), code, otpTTL).Err(); err != nil {
		return fmt.Errorf("send code: store: %w", err)
	}
	if err := s.sms.SendSMS(ctx, phone, "Your Shop code is "+code); err != nil {
		return fmt.Errorf("send code: %w", err)
	}
	n, err := s.rdb.Incr(ctx, otpCountKey(phone)).Result()
	if err == nil && n == 1 {
		s.rdb.Expire(ctx, otpCountKey(phone), otpWindow)
	}
	return nil
}

// ResendVerification mails the e-mail verification link again.
func (s *OTPService) ResendVerification(ctx context.Context, userID int64, email, link string) error {
	n, err := s.rdb.Incr(ctx, resendKey(userID)).Result()
	if err != nil {
		return fmt.Errorf("resend verification: %w", err)
	}
	if n == 1 {
		s.rdb.Expire(ctx, resendKey(userID), otpWindow)
	}
	if n > maxResendPerHr {
		return ErrTooManyCodes
	}
	return s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "Confirm your e-mail address",
		Template: "verify_email",
		Data:     map[string]any{"link": link},
	})
}
