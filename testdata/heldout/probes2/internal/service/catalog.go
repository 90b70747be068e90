package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

var ErrProductNotFound = errors.New("product not found")

type Product struct {
	SKU         string   `bson:"_id" json:"sku"`
	Title       string   `bson:"title" json:"title"`
	Description string   `bson:"description" json:"description"`
	PriceCents  int64    `bson:"price_cents" json:"price_cents"`
	Images      []string `bson:"images" json:"images"`
}

// CatalogService reads products from MongoDB through a Redis cache.
type CatalogService struct {
	products *mongo.Collection
	rdb      *redis.Client
	ttl      time.Duration
	log      *slog.Logger
}

func NewCatalogService(db *mongo.Database, rdb *redis.Client, log *slog.Logger) *CatalogService {
	return &CatalogService{products: db.Collection("products"), rdb: rdb, ttl: 10 * time.Minute, log: log}
}

func productKey(sku string) string { return "product:v3:" + sku }

func (s *CatalogService) Product(ctx context.Context, sku string) (*Product, error) {
	k := productKey(sku)
	raw, err := s.rdb.Get(ctx, k).Bytes()
	if err == nil {
		var p Product
		if jerr := json.Unmarshal(raw, &p); jerr == nil {
			return &p, nil
		}
	} else if !errors.Is(err, redis.Nil) {
		s.log.WarnContext(ctx, "product cache read", "sku", sku, "err", err)
	}

	var p Product
	if err := s.products.FindOne(ctx, bson.M{"_id": sku}).Decode(&p); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrProductNotFound
		}
		return nil, fmt.Errorf("load product %s: %w", sku, err)
	}
	if b, err := json.Marshal(p); err == nil {
		if err := s.rdb.Set(ctx, k, b, s.ttl).Err(); err != nil {
			s.log.WarnContext(ctx, "product cache fill", "sku", sku, "err", err)
		}
	}
	return &p, nil
}
