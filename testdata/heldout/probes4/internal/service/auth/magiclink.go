// Package auth signs users in with e-mailed magic links and SMS codes.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/clients/sms"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrInvalidLink = errors.New("auth: link is invalid or was already used")
	ErrInvalidCode = errors.New("auth: code is invalid or expired")
	ErrRateLimited = errors.New("auth: too many attempts")
)

const (
	sessionTTL = 30 * 24 * time.Hour
	linkTTL    = 15 * time.Minute
	codeTTL    = 5 * time.Minute
)

type Service struct {
	rdb      *redis.Client
	sessions store.SessionStore
	mail     mailer.Mailer
	sms      sms.Sender
	smsLimit *SMSLimiter
	baseURL  string
}

func New(rdb *redis.Client, sessions store.SessionStore, m mailer.Mailer, s sms.Sender, smsPerHour int, baseURL string) *Service {
	return &Service{
		rdb: rdb, sessions: sessions, mail: m, sms: s, baseURL: baseURL,
		smsLimit: &SMSLimiter{rdb: rdb, limit: smsPerHour, window: time.Hour},
	}
}

func magicKey(token string) string   { return "auth:magic:" + token }
func otpKey(challenge string) string { return "auth:otp:" + challenge }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Service) SendMagicLink(ctx context.Context, u domain.User) error {
	token := randomHex(32)
	if err := s.rdb.Set(ctx, magicKey(token), u.ID, linkTTL).Err(); err != nil {
		return err
	}
	return s.mail.Send(ctx, mailer.Message{To: u.Email, Template: "magic-link", Data: map[string]any{
		"link": s.baseURL + "/auth/magic?token=" + token,
	}})
}

// ExchangeMagicLink trades a one-time link for a session.
func (s *Service) ExchangeMagicLink(ctx context.Context, token string) (domain.Session, error) {
	uid, err := s.rdb.Get(ctx, magicKey(token)).Int64()
	if errors.Is(err, redis.Nil) {
		return domain.Session{}, ErrInvalidLink
	}
	if err != nil {
		return domain.Session{}, err
	}
	sess, err := s.sessions.Issue(ctx, uid, sessionTTL)
	if err != nil {
		return domain.Session{}, err
	}
	if err := s.rdb.Del(ctx, magicKey(token)).Err(); err != nil {
		return domain.Session{}, err
	}
	return sess, nil
}

// SendLoginCode texts a six-digit code and returns the challenge id the
// client echoes back with it.
func (s *Service) SendLoginCode(ctx context.Context, userID int64, phone string) (string, error) {
	ok, err := s.smsLimit.Allow(ctx, phone)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrRateLimited
	}
	code := fmt.Sprintf("%06d", time.Now().UnixNano()%1_000_000)
	challenge := randomHex(16)
	if err := s.rdb.Set(ctx, otpKey(challenge), fmt.Sprintf("%d:%s", userID, code), codeTTL).Err(); err != nil {
		return "", err
	}
	return challenge, s.sms.SendSMS(ctx, phone, "Your login code is "+code)
}

// VerifyLoginCode trades a challenge and its code for a session. A challenge
// can be answered once.
func (s *Service) VerifyLoginCode(ctx context.Context, challenge, code string) (domain.Session, error) {
	raw, err := s.rdb.GetDel(ctx, otpKey(challenge)).Result()
	if errors.Is(err, redis.Nil) {
		return domain.Session{}, ErrInvalidCode
	}
	if err != nil {
		return domain.Session{}, err
	}
	uidStr, want, ok := strings.Cut(raw, ":")
	if !ok || subtle.ConstantTimeCompare([]byte(want), []byte(code)) != 1 {
		return domain.Session{}, ErrInvalidCode
	}
	uid, err := strconv.ParseInt(uidStr, 10, 64)
	if err != nil {
		return domain.Session{}, ErrInvalidCode
	}
	return s.sessions.Issue(ctx, uid, sessionTTL)
}
