package pgtest

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestThrowawayServerStartsAndStops starts a second, private server so that
// the throwaway path is exercised even when IDEMVET_PG_DSN is set.
func TestThrowawayServerStartsAndStops(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server: skipped in -short mode")
	}
	if _, err := findBinDir(); err != nil {
		unavailable(t, err)
	}
	srv, err := StartThrowaway()
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			srv.Stop()
		}
	}()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, srv.DSN)
	if err != nil {
		t.Fatal(err)
	}
	var user string
	if err := conn.QueryRow(ctx, "SELECT current_user").Scan(&user); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	if user != "postgres" {
		t.Fatalf("connected as %q, want postgres", user)
	}
	dir := srv.Dir()
	if err := srv.Stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("server directory %s survives Stop: %v", dir, err)
	}
	if conn, err := pgx.Connect(ctx, srv.DSN); err == nil {
		conn.Close(ctx)
		t.Fatal("server still accepts connections after Stop")
	}
}
