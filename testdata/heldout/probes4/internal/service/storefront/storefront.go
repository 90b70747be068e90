// Package storefront manages sellers' public handles and shop URLs.
package storefront

import (
	"context"
	"errors"
	"strings"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/platform/txn"
)

var ErrTaken = errors.New("storefront: already taken")

const (
	qHandleTaken     = `SELECT EXISTS (SELECT 1 FROM seller_handles WHERE lower(handle) = $1)`
	qInsertHandle    = `INSERT INTO seller_handles (handle, seller_id) VALUES ($1, $2)`
	qSetSellerHandle = `UPDATE sellers SET handle = $2, updated_at = now() WHERE id = $1`

	qSlugLock      = `SELECT pg_advisory_xact_lock(hashtext($1))`
	qSlugTaken     = `SELECT EXISTS (SELECT 1 FROM store_slugs WHERE slug = $1)`
	qInsertSlug    = `INSERT INTO store_slugs (slug, seller_id) VALUES ($1, $2)`
	qSetSellerSlug = `UPDATE sellers SET slug = $2, updated_at = now() WHERE id = $1`
)

type Service struct{ db *sqlx.DB }

func New(db *sqlx.DB) *Service { return &Service{db: db} }

// ClaimHandle gives the seller the @handle shown on their listings. Handles
// are unique ignoring case.
func (s *Service) ClaimHandle(ctx context.Context, sellerID int64, handle string) error {
	handle = strings.ToLower(strings.TrimPrefix(handle, "@"))
	return txn.WithSQLTx(ctx, s.db, func(tx *sqlx.Tx) error {
		var taken bool
		if err := tx.GetContext(ctx, &taken, qHandleTaken, handle); err != nil {
			return err
		}
		if taken {
			return ErrTaken
		}
		if _, err := tx.ExecContext(ctx, qInsertHandle, handle, sellerID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, qSetSellerHandle, sellerID, handle)
		return err
	})
}

// ReserveSlug gives the seller the shop URL /s/{slug}.
func (s *Service) ReserveSlug(ctx context.Context, sellerID int64, slug string) error {
	slug = strings.ToLower(slug)
	return txn.WithSQLTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, qSlugLock, "store-slug:"+slug); err != nil {
			return err
		}
		var taken bool
		if err := tx.GetContext(ctx, &taken, qSlugTaken, slug); err != nil {
			return err
		}
		if taken {
			return ErrTaken
		}
		if _, err := tx.ExecContext(ctx, qInsertSlug, slug, sellerID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, qSetSellerSlug, sellerID, slug)
		return err
	})
}
