// Package legacypaths uses the libraries under the import paths services
// on older versions still have: pgx v4 and xorm's github.com/go-xorm.
package legacypaths

import (
	"context"
	"errors"

	"github.com/go-xorm/xorm"
	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

type User struct {
	ID    int64
	Email string
}

type Invite struct {
	ID    int64
	Email string
}

func register(engine *xorm.Engine, email string) error {
	var u User
	has, err := engine.Where("email = ?", email).Get(&u) // want `check-then-act race: the existence check Get`
	if err != nil || has {
		return err
	}
	_, err = engine.Insert(&User{Email: email})
	return err
}

// Near miss: the insert goes to another table.
func registerInvite(engine *xorm.Engine, email string) error {
	var u User
	has, err := engine.Where("email = ?", email).Get(&u)
	if err != nil || has {
		return err
	}
	_, err = engine.Insert(&Invite{Email: email})
	return err
}

func charge(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var seen bool
	err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM charges WHERE key = $1)", key).Scan(&seen) // want `check-then-act race: the existence check on charges`
	if err != nil || seen {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO charges (key) VALUES ($1)", key)
	return err
}

// Near miss: 23505 from pgx v4's pgconn is the duplicate outcome.
func chargeHandled(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var seen bool
	err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM charges WHERE key = $1)", key).Scan(&seen)
	if err != nil || seen {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO charges (key) VALUES ($1)", key)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// In a transaction pgx v4 opens with a method: still a race.
func chargeInTx(ctx context.Context, pool *pgxpool.Pool, key string) error {
	return pool.BeginFunc(ctx, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, "SELECT id FROM webhooks WHERE event_id = $1", key).Scan(&id) // want `check-then-act race: the existence check on webhooks`
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO webhooks (event_id) VALUES ($1)", key)
		return err
	})
}

// Near miss: the insert is atomic.
func chargeOnConflict(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var seen bool
	err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM charges WHERE key = $1)", key).Scan(&seen)
	if err != nil || seen {
		return err
	}
	_, err = pool.Exec(ctx, "INSERT INTO charges (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return err
}
