package pgrepo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Sessions struct{ pool *pgxpool.Pool }

func NewSessions(pool *pgxpool.Pool) *Sessions { return &Sessions{pool: pool} }

func (r *Sessions) Issue(ctx context.Context, userID int64, ttl time.Duration) (domain.Session, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return domain.Session{}, err
	}
	s := domain.Session{ID: hex.EncodeToString(b), UserID: userID, ExpiresAt: time.Now().Add(ttl)}
	_, err := r.pool.Exec(ctx, `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)`, s.ID, s.UserID, s.ExpiresAt)
	return s, err
}

func (r *Sessions) UserForSession(ctx context.Context, id string) (domain.User, error) {
	var u domain.User
	err := r.pool.QueryRow(ctx,
		`SELECT u.id, u.email, u.name, u.locale, u.role, u.points
		   FROM sessions s JOIN users u ON u.id = s.user_id
		  WHERE s.id = $1 AND s.expires_at > now()`, id).
		Scan(&u.ID, &u.Email, &u.Name, &u.Locale, &u.Role, &u.Points)
	return u, mapErr(err)
}
