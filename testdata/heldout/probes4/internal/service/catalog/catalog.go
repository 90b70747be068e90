// Package catalog serves products and maintains tags and categories.
package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type ProductReader interface {
	ByID(ctx context.Context, id int64) (domain.Product, error)
}

type Service struct {
	taxonomy store.TaxonomyStore
	products ProductReader
	cache    *redis.Client
}

func New(tax store.TaxonomyStore, products ProductReader, cache *redis.Client) *Service {
	return &Service{taxonomy: tax, products: products, cache: cache}
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func slugify(s string) string {
	return strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// EnsureTags returns the tags with the given names, creating those that do
// not exist yet. Sellers type free-form tags when they list a product.
func (s *Service) EnsureTags(ctx context.Context, names []string) ([]domain.Tag, error) {
	bySlug := make(map[string]string, len(names))
	slugs := make([]string, 0, len(names))
	for _, n := range names {
		sl := slugify(n)
		if _, dup := bySlug[sl]; sl == "" || dup {
			continue
		}
		bySlug[sl] = n
		slugs = append(slugs, sl)
	}
	existing, err := s.taxonomy.TagsBySlug(ctx, slugs)
	if err != nil {
		return nil, err
	}
	have := make(map[string]bool, len(existing))
	for _, t := range existing {
		have[t.Slug] = true
	}
	var missing []domain.Tag
	for _, sl := range slugs {
		if !have[sl] {
			missing = append(missing, domain.Tag{Slug: sl, Name: bySlug[sl]})
		}
	}
	if len(missing) > 0 {
		if err := s.taxonomy.CreateTags(ctx, missing); err != nil {
			return nil, err
		}
	}
	return append(existing, missing...), nil
}

// EnsureCategories is EnsureTags for the category tree's leaves imported
// from the supplier feed.
func (s *Service) EnsureCategories(ctx context.Context, names []string) ([]domain.Category, error) {
	slugs := make([]string, 0, len(names))
	bySlug := make(map[string]string, len(names))
	for _, n := range names {
		sl := slugify(n)
		if _, dup := bySlug[sl]; sl == "" || dup {
			continue
		}
		bySlug[sl] = n
		slugs = append(slugs, sl)
	}
	existing, err := s.taxonomy.CategoriesBySlug(ctx, slugs)
	if err != nil {
		return nil, err
	}
	have := make(map[string]bool, len(existing))
	for _, c := range existing {
		have[c.Slug] = true
	}
	var missing []domain.Category
	for _, sl := range slugs {
		if !have[sl] {
			missing = append(missing, domain.Category{Slug: sl, Name: bySlug[sl]})
		}
	}
	if len(missing) == 0 {
		return existing, nil
	}
	if err := s.taxonomy.InsertCategoriesSkippingExisting(ctx, missing); err != nil {
		return nil, err
	}
	return s.taxonomy.CategoriesBySlug(ctx, slugs)
}

// Product reads through the Redis cache.
func (s *Service) Product(ctx context.Context, id int64) (domain.Product, error) {
	key := fmt.Sprintf("catalog:product:%d", id)
	if b, err := s.cache.Get(ctx, key).Bytes(); err == nil {
		var p domain.Product
		if json.Unmarshal(b, &p) == nil {
			return p, nil
		}
	} else if !errors.Is(err, redis.Nil) {
		slog.WarnContext(ctx, "product cache read", "err", err)
	}
	p, err := s.products.ByID(ctx, id)
	if err != nil {
		return domain.Product{}, err
	}
	if b, err := json.Marshal(p); err == nil {
		s.cache.Set(ctx, key, b, 10*time.Minute)
	}
	return p, nil
}
