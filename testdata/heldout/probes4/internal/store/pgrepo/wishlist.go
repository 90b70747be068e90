package pgrepo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Wishlist struct{ pool *pgxpool.Pool }

func NewWishlist(pool *pgxpool.Pool) *Wishlist { return &Wishlist{pool: pool} }

const qFindWishlistItem = `SELECT id, user_id, product_id, note, created_at FROM wishlist_items WHERE user_id = $1 AND product_id = $2 LIMIT 1`

func findWishlistItem(ctx context.Context, db DBTX, userID, productID int64) (domain.WishlistItem, bool, error) {
	var it domain.WishlistItem
	err := db.QueryRow(ctx, qFindWishlistItem, userID, productID).
		Scan(&it.ID, &it.UserID, &it.ProductID, &it.Note, &it.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.WishlistItem{}, false, nil
	}
	if err != nil {
		return domain.WishlistItem{}, false, err
	}
	return it, true, nil
}

func insertWishlistItem(ctx context.Context, db DBTX, it *domain.WishlistItem) error {
	return db.QueryRow(ctx,
		`INSERT INTO wishlist_items (user_id, product_id, note) VALUES ($1, $2, $3) RETURNING id, created_at`,
		it.UserID, it.ProductID, it.Note).Scan(&it.ID, &it.CreatedAt)
}

func (r *Wishlist) Find(ctx context.Context, userID, productID int64) (domain.WishlistItem, bool, error) {
	return findWishlistItem(ctx, r.pool, userID, productID)
}

func (r *Wishlist) Insert(ctx context.Context, it *domain.WishlistItem) error {
	return mapErr(insertWishlistItem(ctx, r.pool, it))
}

// AddSerialized adds the item unless the user already has it, holding the
// user's wishlist lock for the duration of the transaction.
func (r *Wishlist) AddSerialized(ctx context.Context, it *domain.WishlistItem) (bool, error) {
	added := false
	err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('wishlist', $1))`, it.UserID); err != nil {
			return err
		}
		existing, found, err := findWishlistItem(ctx, tx, it.UserID, it.ProductID)
		if err != nil {
			return err
		}
		if found {
			*it = existing
			return nil
		}
		if err := insertWishlistItem(ctx, tx, it); err != nil {
			return err
		}
		added = true
		return nil
	})
	return added, mapErr(err)
}
