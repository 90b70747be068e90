package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// adminTimeout bounds CREATE/DROP DATABASE so that a wedged server fails a
// test instead of hanging the binary.
const adminTimeout = 30 * time.Second

// NewDB creates a database for tb, drops it in tb.Cleanup, and returns its DSN.
// Without a server it skips tb, or fails it when Required.
func NewDB(tb testing.TB) string {
	tb.Helper()
	if _, err := ServerDSN(); err != nil {
		unavailable(tb, err)
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), adminTimeout)
	defer cancel()
	dsn, drop, err := CreateDB(ctx, tb.Name())
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), adminTimeout)
		defer cancel()
		if err := drop(ctx); err != nil {
			tb.Errorf("pgtest: %v", err)
		}
	})
	return dsn
}

// NewPool opens a pool on a new database (see NewDB), closed before the
// database is dropped. configure, if given, adjusts the pool configuration.
func NewPool(tb testing.TB, configure ...func(*pgxpool.Config)) *pgxpool.Pool {
	tb.Helper()
	dsn := NewDB(tb)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	for _, f := range configure {
		f(cfg)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	tb.Cleanup(pool.Close) // runs before the drop registered by NewDB
	return pool
}

// CreateDB creates a database named after label plus a random suffix on the
// shared server, for callers without a testing.TB (examples, tools). It
// returns the database's DSN and a function that drops it, forcibly closing
// any connection still open.
func CreateDB(ctx context.Context, label string) (dsn string, drop func(context.Context) error, err error) {
	server, err := ServerDSN()
	if err != nil {
		return "", nil, err
	}
	name, err := databaseName(label)
	if err != nil {
		return "", nil, err
	}
	ident := pgx.Identifier{name}.Sanitize()
	if err := adminExec(ctx, server, "CREATE DATABASE "+ident); err != nil {
		return "", nil, fmt.Errorf("creating database %s: %w", name, err)
	}
	drop = func(ctx context.Context) error {
		if err := adminExec(ctx, server, "DROP DATABASE IF EXISTS "+ident+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("dropping database %s: %w", name, err)
		}
		return nil
	}
	dsn, err = withDatabase(server, name)
	if err != nil {
		_ = drop(ctx)
		return "", nil, err
	}
	return dsn, drop, nil
}

func adminExec(ctx context.Context, server, sql string) error {
	conn, err := pgx.Connect(ctx, server)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	return err
}

// databaseName turns a test name into a legal, unique database name: the
// lower-cased letters and digits of label, cut so that the whole name stays
// within PostgreSQL's 63-byte identifier limit, plus 12 random hex digits.
func databaseName(label string) (string, error) {
	var b strings.Builder
	b.WriteString("pgtest_")
	for _, r := range strings.ToLower(label) {
		if b.Len() >= 40 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	var suffix [6]byte
	if _, err := rand.Read(suffix[:]); err != nil {
		return "", err
	}
	b.WriteByte('_')
	b.WriteString(hex.EncodeToString(suffix[:]))
	return b.String(), nil
}

// withDatabase returns server's DSN pointed at database name. Both the URL
// form and the keyword=value form are accepted.
func withDatabase(server, name string) (string, error) {
	if strings.HasPrefix(server, "postgres://") || strings.HasPrefix(server, "postgresql://") {
		u, err := url.Parse(server)
		if err != nil {
			return "", err
		}
		u.Path = "/" + name
		u.RawPath = ""
		return u.String(), nil
	}
	// keyword=value: a later dbname overrides an earlier one.
	return strings.TrimSpace(server) + " dbname=" + name, nil
}
