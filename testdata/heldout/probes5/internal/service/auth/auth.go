// Package auth handles agent sign-in: password resets, magic links and
// TOTP second factors.
package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/store/pgstore"
)

type Service struct {
	Store  *pgstore.Store
	Users  repo.Users
	Redis  *redis.Client
	Mailer effects.Mailer
	Events effects.EventPublisher
	Hasher PasswordHasher
	Log    *slog.Logger
}

// PasswordHasher hashes agent passwords (bcrypt in production).
type PasswordHasher interface {
	Hash(password string) (string, error)
}

const sessionTTL = 14 * 24 * time.Hour

func randomToken(n int) (string, error) {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(buf), nil
}

func sha(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (s *Service) newSession(ctx context.Context, q *db.Queries, userID int64, ua string) (string, error) {
	id, err := randomToken(32)
	if err != nil {
		return "", err
	}
	err = q.CreateSession(ctx, db.CreateSessionParams{
		ID:        id,
		UserID:    userID,
		UserAgent: ua,
		ExpiresAt: time.Now().Add(sessionTTL),
	})
	return id, pgstore.MapErr(err)
}

// RequestPasswordReset mails a reset link; unknown addresses are ignored.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) error {
	u, err := s.Users.GetByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token, err := randomToken(32)
	if err != nil {
		return err
	}
	if err := s.Store.Q.CreatePasswordReset(ctx, db.CreatePasswordResetParams{
		UserID:    u.ID,
		TokenHash: sha(token),
		ExpiresAt: time.Now().Add(time.Hour),
	}); err != nil {
		return pgstore.MapErr(err)
	}
	_, err = s.Mailer.Send(ctx, effects.Email{To: u.Email, Subject: "Reset your password", Template: "password_reset", Data: map[string]any{"token": token}})
	return err
}

// ResetPassword sets a new password with a reset token from the e-mail link
// and signs the user in.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword, userAgent string) (string, error) {
	if len(newPassword) < 10 {
		return "", domain.Invalid("password", "at least 10 characters")
	}
	reset, err := s.Store.Q.GetPasswordResetByHash(ctx, sha(token))
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.ErrInvalidToken
	}
	if err != nil {
		return "", err
	}
	if reset.UsedAt.Valid || time.Now().After(reset.ExpiresAt) {
		return "", domain.ErrInvalidToken
	}
	hash, err := s.Hasher.Hash(newPassword)
	if err != nil {
		return "", err
	}
	if err := s.Users.SetPassword(ctx, reset.UserID, hash); err != nil {
		return "", err
	}
	if err := s.Store.Q.DeleteUserSessions(ctx, reset.UserID); err != nil {
		return "", pgstore.MapErr(err)
	}
	session, err := s.newSession(ctx, s.Store.Q, reset.UserID, userAgent)
	if err != nil {
		return "", err
	}
	if err := s.Store.Q.MarkPasswordResetUsed(ctx, reset.ID); err != nil {
		return "", pgstore.MapErr(err)
	}
	_ = s.Events.Publish(ctx, "auth.password_changed", map[string]any{"user_id": reset.UserID})
	return session, nil
}

// ResetPasswordAdmin is the reset flow used by workspace owners from the
// admin console; the token is consumed and the password set in one
// transaction.
func (s *Service) ResetPasswordAdmin(ctx context.Context, token, newPassword, userAgent string) (string, error) {
	if len(newPassword) < 10 {
		return "", domain.Invalid("password", "at least 10 characters")
	}
	hash, err := s.Hasher.Hash(newPassword)
	if err != nil {
		return "", err
	}
	var session string
	err = s.Store.WithTx(ctx, func(q *db.Queries) error {
		userID, err := q.ConsumePasswordReset(ctx, sha(token))
		if errors.Is(err, sql.ErrNoRows) {
			return domain.ErrInvalidToken
		}
		if err != nil {
			return err
		}
		if err := q.UpdateUserPassword(ctx, db.UpdateUserPasswordParams{ID: userID, PasswordHash: hash}); err != nil {
			return err
		}
		if err := q.DeleteUserSessions(ctx, userID); err != nil {
			return err
		}
		session, err = s.newSession(ctx, q, userID, userAgent)
		return err
	})
	if err != nil {
		return "", pgstore.MapErr(err)
	}
	return session, nil
}

func magicKey(token string) string { return "magic:" + sha(token) }

// SendMagicLink mails a one-time sign-in link valid for 15 minutes.
func (s *Service) SendMagicLink(ctx context.Context, email string) error {
	u, err := s.Users.GetByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token, err := randomToken(24)
	if err != nil {
		return err
	}
	if err := s.Redis.Set(ctx, magicKey(token), u.ID, 15*time.Minute).Err(); err != nil {
		return err
	}
	_, err = s.Mailer.Send(ctx, effects.Email{To: u.Email, Subject: "Your sign-in link", Template: "magic_link", Data: map[string]any{"token": token}})
	return err
}

// ConsumeMagicLink exchanges a magic-link token for a session.
func (s *Service) ConsumeMagicLink(ctx context.Context, token, userAgent string) (string, error) {
	raw, err := s.Redis.Get(ctx, magicKey(token)).Result()
	if errors.Is(err, redis.Nil) {
		return "", domain.ErrInvalidToken
	}
	if err != nil {
		return "", err
	}
	userID, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return "", domain.ErrInvalidToken
	}
	session, err := s.newSession(ctx, s.Store.Q, userID, userAgent)
	if err != nil {
		return "", err
	}
	if err := s.Redis.Del(ctx, magicKey(token)).Err(); err != nil {
		s.Log.WarnContext(ctx, "delete magic link", "err", err)
	}
	_ = s.Events.Publish(ctx, "auth.signed_in", map[string]any{"user_id": userID, "method": "magic_link"})
	return session, nil
}

// ConsumeDeviceCode exchanges the short code shown on the desktop app's
// pairing screen for a session. The code is read and deleted with GETDEL.
func (s *Service) ConsumeDeviceCode(ctx context.Context, code, userAgent string) (string, error) {
	raw, err := s.Redis.GetDel(ctx, "device:"+strings.ToUpper(code)).Result()
	if errors.Is(err, redis.Nil) {
		return "", domain.ErrInvalidToken
	}
	if err != nil {
		return "", err
	}
	userID, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return "", domain.ErrInvalidToken
	}
	session, err := s.newSession(ctx, s.Store.Q, userID, userAgent)
	if err != nil {
		return "", err
	}
	_ = s.Events.Publish(ctx, "auth.signed_in", map[string]any{"user_id": userID, "method": "device_code"})
	return session, nil
}

func totpCode(secret string, counter int64) (string, error) {
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(secret))
	if err != nil {
		return "", err
	}
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	v := (binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff) % 1_000_000
	return fmt.Sprintf("%06d", v), nil
}

func validTOTP(secret, code string, now time.Time) bool {
	step := now.Unix() / 30
	for _, c := range []int64{step - 1, step, step + 1} {
		want, err := totpCode(secret, c)
		if err == nil && hmac.Equal([]byte(want), []byte(code)) {
			return true
		}
	}
	return false
}

// VerifyTOTP completes a password sign-in with the second factor. A code
// may only be used once within its validity window.
func (s *Service) VerifyTOTP(ctx context.Context, userID int64, code, userAgent string) (string, error) {
	u, err := s.Users.GetByID(ctx, userID)
	if err != nil {
		return "", err
	}
	if u.TOTPSecret == "" || !validTOTP(u.TOTPSecret, code, time.Now()) {
		return "", domain.ErrInvalidToken
	}
	usedKey := fmt.Sprintf("totp:used:%d", userID)
	seen, err := s.Redis.SIsMember(ctx, usedKey, code).Result()
	if err != nil {
		return "", err
	}
	if seen {
		return "", domain.ErrInvalidToken
	}
	session, err := s.newSession(ctx, s.Store.Q, userID, userAgent)
	if err != nil {
		return "", err
	}
	pipe := s.Redis.TxPipeline()
	pipe.SAdd(ctx, usedKey, code)
	pipe.Expire(ctx, usedKey, 2*time.Minute)
	if _, err := pipe.Exec(ctx); err != nil {
		s.Log.WarnContext(ctx, "record totp use", "err", err)
	}
	return session, nil
}

// VerifyStepUp re-checks the second factor before a sensitive admin action
// (exporting data, deleting the workspace). The code is claimed with SET NX.
func (s *Service) VerifyStepUp(ctx context.Context, userID int64, code string) error {
	u, err := s.Users.GetByID(ctx, userID)
	if err != nil {
		return err
	}
	if u.TOTPSecret == "" || !validTOTP(u.TOTPSecret, code, time.Now()) {
		return domain.ErrInvalidToken
	}
	claimed, err := s.Redis.SetNX(ctx, fmt.Sprintf("totp:stepup:%d:%s", userID, code), 1, 2*time.Minute).Result()
	if err != nil {
		return err
	}
	if !claimed {
		return domain.ErrInvalidToken
	}
	return s.Redis.Set(ctx, fmt.Sprintf("stepup:%d", userID), time.Now().Unix(), 10*time.Minute).Err()
}
