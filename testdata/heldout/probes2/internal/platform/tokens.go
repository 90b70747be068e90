package platform

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

// SessionTokens resolves opaque session tokens stored in Redis by the auth
// service ("session:<token>" -> hash with user_id and merchant_id).
type SessionTokens struct {
	rdb *redis.Client
}

func NewSessionTokens(rdb *redis.Client) *SessionTokens { return &SessionTokens{rdb: rdb} }

var ErrBadToken = errors.New("invalid session token")

func (s *SessionTokens) Verify(ctx context.Context, token string) (int64, int64, error) {
	var sess struct {
		UserID     int64 `redis:"user_id"`
		MerchantID int64 `redis:"merchant_id"`
	}
	res := s.rdb.HGetAll(ctx, "session:"+token)
	if err := res.Err(); err != nil {
		return 0, 0, err
	}
	if len(res.Val()) == 0 {
		return 0, 0, ErrBadToken
	}
	if err := res.Scan(&sess); err != nil {
		return 0, 0, err
	}
	return sess.UserID, sess.MerchantID, nil
}
