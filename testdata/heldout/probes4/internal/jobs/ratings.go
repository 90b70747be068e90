package jobs

import (
	"context"
)

type RatingStore interface {
	ListStaleRatings(ctx context.Context, limit int) ([]int64, error)
	RecomputeRating(ctx context.Context, productID int64) error
}

// Ratings refreshes the average rating of products with new reviews.
type Ratings struct{ products RatingStore }

func NewRatings(p RatingStore) *Ratings { return &Ratings{products: p} }

func (j *Ratings) Name() string { return "product-ratings" }

func (j *Ratings) Run(ctx context.Context) error {
	ids, err := j.products.ListStaleRatings(ctx, 500)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := j.products.RecomputeRating(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
