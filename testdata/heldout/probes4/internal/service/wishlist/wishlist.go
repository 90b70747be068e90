// Package wishlist keeps the products a user saved for later.
package wishlist

import (
	"context"
	"encoding/json"
	"log/slog"

	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Service struct {
	items  store.WishlistStore
	events queue.Publisher
}

func New(items store.WishlistStore, events queue.Publisher) *Service {
	return &Service{items: items, events: events}
}

func (s *Service) Add(ctx context.Context, userID, productID int64, note string) (domain.WishlistItem, error) {
	item, found, err := s.items.Find(ctx, userID, productID)
	if err != nil {
		return domain.WishlistItem{}, err
	}
	if found {
		return item, nil
	}
	item = domain.WishlistItem{UserID: userID, ProductID: productID, Note: note}
	if err := s.items.Insert(ctx, &item); err != nil {
		return domain.WishlistItem{}, err
	}
	s.announce(ctx, item)
	return item, nil
}

// MoveFromCart saves a cart line for later.
func (s *Service) MoveFromCart(ctx context.Context, userID, productID int64) (domain.WishlistItem, error) {
	item := domain.WishlistItem{UserID: userID, ProductID: productID, Note: "saved from cart"}
	added, err := s.items.AddSerialized(ctx, &item)
	if err != nil {
		return domain.WishlistItem{}, err
	}
	if added {
		s.announce(ctx, item)
	}
	return item, nil
}

// announce tells the pricing service to start watching the product for
// the user; every event adds one price-drop alert.
func (s *Service) announce(ctx context.Context, it domain.WishlistItem) {
	body, _ := json.Marshal(map[string]any{"user_id": it.UserID, "product_id": it.ProductID, "item_id": it.ID})
	if err := s.events.Publish(ctx, "wishlist.item_added", body); err != nil {
		slog.ErrorContext(ctx, "publish wishlist.item_added", "err", err)
	}
}
