// Package ignoredclaims holds claims whose outcome nobody reads, before
// an effect that must not run twice, beside claims that are read.
package ignoredclaims

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

type Payments interface {
	Charge(ctx context.Context, amount int64) error
}

// The key is claimed, but nothing asks whether this call claimed it:
// the retry charges again.
func payOnce(ctx context.Context, db *sql.DB, p Payments, key string, amount int64) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key); err != nil { // want `ignored claim: the conditional insert into idempotency_keys picks one winner, but nothing reads whether this call won \(rows affected == 1\), so a concurrent or repeated caller goes on to Charge at line \d+`
		return err
	}
	return p.Charge(ctx, amount)
}

// Near miss: only the caller whose insert added the row charges.
func payOnceRead(ctx context.Context, db *sql.DB, p Payments, key string, amount int64) error {
	res, err := db.ExecContext(ctx, `INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return p.Charge(ctx, amount)
}

// Near miss: the row is made sure of, then added to: both steps are
// meant to run on every call.
func countVisit(ctx context.Context, db *sql.DB, page string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO page_views (page, n) VALUES ($1, 0) ON CONFLICT DO NOTHING`, page); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE page_views SET n = n + 1 WHERE page = $1`, page)
	return err
}

func deliver(ctx context.Context, rdb *redis.Client, id string) error {
	rdb.SetNX(ctx, "hook:"+id, 1, 24*time.Hour) // want `ignored claim: SetNX picks one winner, but nothing reads whether this call won \(the bool from Result\(\)\)`
	_, err := http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: the SETNX's answer is read.
func deliverRead(ctx context.Context, rdb *redis.Client, id string) error {
	first, err := rdb.SetNX(ctx, "hook:"+id, 1, 24*time.Hour).Result()
	if err != nil || !first {
		return err
	}
	_, err = http.Post("https://partner.example/hook", "application/json", nil)
	return err
}

// Near miss: asking the SETNX only for its error tells nothing, but
// nothing that must not run twice follows.
func remember(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.SetNX(ctx, "seen:"+id, 1, time.Hour).Err()
}

type Notifier struct{ sent sync.Map }

func (n *Notifier) Notify(id string) error {
	n.sent.LoadOrStore(id, true) // want `ignored claim: LoadOrStore picks one winner, but nothing reads whether this call won \(loaded == false\)`
	_, err := http.Post("https://push.example/notify", "text/plain", nil)
	return err
}

// Near miss: the loaded flag decides.
func (n *Notifier) NotifyOnce(id string) error {
	if _, loaded := n.sent.LoadOrStore(id, true); loaded {
		return nil
	}
	_, err := http.Post("https://push.example/notify", "text/plain", nil)
	return err
}

// Near miss: the tag is made sure of, then linked; the conditional insert
// is no dedup of the request, and the link's own key refuses a second.
func tagPost(ctx context.Context, db *sql.DB, post int64, tag string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1) ON CONFLICT DO NOTHING`, tag); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO post_tags (post_id, tag) VALUES ($1, $2)`, post, tag)
	return err
}

// Near miss: the event's row is made sure of, then its attempts counted
// on that row: every delivery counts, by design.
func countAttempt(ctx context.Context, db *sql.DB, id string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO processed_events (id, attempts) VALUES ($1, 0) ON CONFLICT DO NOTHING`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE processed_events SET attempts = attempts + 1 WHERE id = $1`, id)
	return err
}

type Mailer interface {
	SendConfirmation(ctx context.Context, to string) error
}

// Near miss: an upsert writes for every caller and picks no winner: it is
// no claim, and the confirmation follows each subscription by design.
func subscribe(ctx context.Context, db *sql.DB, m Mailer, email, name string) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO subscriptions (email, name) VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name`, email, name); err != nil {
		return err
	}
	return m.SendConfirmation(ctx, email)
}
