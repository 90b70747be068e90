// Command migrate applies the schema migrations and seeds reference data.
// It runs once per deploy, as a Kubernetes Job, before the new server
// replicas start.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"sort"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"gorm.io/gorm"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/platform/config"
	"example.com/shop4/internal/platform/db"
	"example.com/shop4/migrations"
)

type plan struct {
	Code       string
	Name       string
	PriceCents int64
	Features   []string
}

var defaultPlans = []plan{
	{Code: "free", Name: "Free", PriceCents: 0},
	{Code: "plus", Name: "Plus", PriceCents: 499, Features: []string{"free-shipping"}},
	{Code: "pro", Name: "Pro", PriceCents: 1499, Features: []string{"free-shipping", "priority-support", "early-access"}},
}

func main() {
	ctx := context.Background()
	cfg := config.FromEnv()
	h, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		slog.Error("open database", "err", err)
		os.Exit(1)
	}
	defer h.Close()

	steps := []struct {
		name string
		run  func() error
	}{
		{"schema", func() error { return applyMigrations(ctx, h.SQLX) }},
		{"plans", func() error { return seedPlans(ctx, h.SQLX) }},
		{"admin", func() error { return seedAdmin(ctx, h.Gorm, os.Getenv("ADMIN_EMAIL")) }},
	}
	for _, st := range steps {
		if err := st.run(); err != nil {
			slog.Error("migrate step failed", "step", st.name, "err", err)
			os.Exit(1)
		}
		slog.Info("migrate step done", "step", st.name)
	}
}

func applyMigrations(ctx context.Context, dbx *sqlx.DB) error {
	if _, err := dbx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		var done bool
		if err := dbx.GetContext(ctx, &done, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1)`, name); err != nil {
			return err
		}
		if done {
			continue
		}
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return err
		}
		tx, err := dbx.BeginTxx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, name); err != nil {
			_ = tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		slog.Info("applied migration", "name", name)
	}
	return nil
}

func seedPlans(ctx context.Context, dbx *sqlx.DB) error {
	for _, p := range defaultPlans {
		var n int
		if err := dbx.GetContext(ctx, &n, `SELECT count(*) FROM plans WHERE code = $1`, p.Code); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		if _, err := dbx.ExecContext(ctx,
			`INSERT INTO plans (code, name, price_cents, features) VALUES ($1, $2, $3, $4)`,
			p.Code, p.Name, p.PriceCents, pq.Array(p.Features)); err != nil {
			return fmt.Errorf("plan %s: %w", p.Code, err)
		}
	}
	return nil
}

func seedAdmin(ctx context.Context, gdb *gorm.DB, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return nil
	}
	var admin domain.User
	if err := gdb.WithContext(ctx).Where("email = ?", email).Limit(1).Find(&admin).Error; err != nil {
		return err
	}
	if admin.ID != 0 {
		return nil
	}
	admin = domain.User{Email: email, Name: "Administrator", Role: "admin", EmailVerified: true}
	return gdb.WithContext(ctx).Create(&admin).Error
}
