package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/crypto/bcrypt"

	"example.com/desk5/internal/consumer"
	"example.com/desk5/internal/domain"
)

// sessionAuth resolves session ids and API tokens against the core DB.
type sessionAuth struct{ db *sql.DB }

func (a sessionAuth) Authenticate(ctx context.Context, token string) (domain.Actor, error) {
	var actor domain.Actor
	err := a.db.QueryRowContext(ctx, `
		SELECT u.id, u.email, m.workspace_id, m.role
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		JOIN workspace_members m ON m.user_id = u.id
		WHERE s.id = $1 AND s.expires_at > now()
		ORDER BY m.id LIMIT 1`, token).Scan(&actor.UserID, &actor.Email, &actor.WorkspaceID, &actor.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Actor{}, domain.ErrForbidden
	}
	return actor, err
}

// directory answers the small lookups the webhooks and jobs need.
type directory struct{ db *sql.DB }

func (d directory) WorkspaceForAddress(ctx context.Context, address string) (int64, error) {
	var id int64
	err := d.db.QueryRowContext(ctx, `SELECT workspace_id FROM mailboxes WHERE address = $1 ORDER BY id LIMIT 1`, strings.ToLower(address)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.Invalid("recipient", "unknown address")
	}
	return id, err
}

func (d directory) ManagerEmail(ctx context.Context, workspaceID int64) (string, error) {
	var email string
	err := d.db.QueryRowContext(ctx, `
		SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.role IN ('owner', 'admin') ORDER BY m.id LIMIT 1`, workspaceID).Scan(&email)
	return email, err
}

// diskBlobs stores attachments on local disk in development.
type diskBlobs struct{ root string }

func (b diskBlobs) Put(ctx context.Context, key string, data []byte, contentType string) error {
	path := filepath.Join(b.root, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

type bcryptHasher struct{}

func (bcryptHasher) Hash(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	return string(h), err
}

// memLog is the in-process order-events log used in development.
type memLog struct {
	mu     sync.Mutex
	subs   map[string][]consumer.Handler
	offset int64
}

type memMessage struct {
	topic      string
	key, value []byte
	offset     int64
}

func (m memMessage) Topic() string                    { return m.topic }
func (m memMessage) Key() []byte                      { return m.key }
func (m memMessage) Value() []byte                    { return m.value }
func (m memMessage) Offset() int64                    { return m.offset }
func (m memMessage) Commit(ctx context.Context) error { return nil }

func newMemLog() *memLog { return &memLog{subs: map[string][]consumer.Handler{}} }

func (l *memLog) Subscribe(ctx context.Context, group string, topics []string, h consumer.Handler) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, t := range topics {
		l.subs[t] = append(l.subs[t], h)
	}
	return nil
}

func (l *memLog) Produce(ctx context.Context, topic string, key, value []byte) error {
	l.mu.Lock()
	l.offset++
	msg := memMessage{topic: topic, key: key, value: value, offset: l.offset}
	handlers := append([]consumer.Handler(nil), l.subs[topic]...)
	l.mu.Unlock()
	for _, h := range handlers {
		go func() { _ = h(context.WithoutCancel(ctx), msg) }()
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
