package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/notify"
)

// WaitlistService handles pre-launch waitlists and back-in-stock alerts.
type WaitlistService struct {
	pool   *pgxpool.Pool
	mailer notify.Mailer
	log    *slog.Logger
}

func NewWaitlistService(pool *pgxpool.Pool, mailer notify.Mailer, log *slog.Logger) *WaitlistService {
	return &WaitlistService{pool: pool, mailer: mailer, log: log}
}

func (s *WaitlistService) isListed(ctx context.Context, table, sku, email string) (bool, error) {
	var listed bool
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx,
			`SELECT EXISTS (SELECT 1 FROM `+table+` WHERE sku = $1 AND email = $2)`, sku, email).Scan(&listed)
	})
	return listed, err
}

// Join puts email on the launch waitlist of a product and confirms by mail.
func (s *WaitlistService) Join(ctx context.Context, sku, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	listed, err := s.isListed(ctx, "waitlist", sku, email)
	if err != nil {
		return fmt.Errorf("join waitlist: %w", err)
	}
	if listed {
		return nil
	}
	var position int64
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx,
			`INSERT INTO waitlist (sku, email) VALUES ($1, $2) RETURNING position`, sku, email).Scan(&position)
	})
	if err != nil {
		return fmt.Errorf("join waitlist: %w", err)
	}
	return s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "You're on the list",
		Template: "waitlist_joined",
		Data:     map[string]any{"sku": sku, "position": position},
	})
}

// NotifyWhenBack subscribes email to a back-in-stock alert.
func (s *WaitlistService) NotifyWhenBack(ctx context.Context, sku, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	listed, err := s.isListed(ctx, "restock_alerts", sku, email)
	if err != nil {
		return fmt.Errorf("restock alert: %w", err)
	}
	if listed {
		return nil
	}
	var created bool
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO restock_alerts (sku, email) VALUES ($1, $2) ON CONFLICT (sku, email) DO NOTHING`, sku, email)
		if err != nil {
			return err
		}
		created = tag.RowsAffected() == 1
		return nil
	})
	if err != nil {
		return fmt.Errorf("restock alert: %w", err)
	}
	if !created {
		return nil
	}
	return s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "We'll tell you when it's back",
		Template: "restock_subscribed",
		Data:     map[string]any{"sku": sku},
	})
}
