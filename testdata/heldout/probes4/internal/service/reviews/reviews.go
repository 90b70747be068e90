// Package reviews accepts product reviews and questions from buyers.
package reviews

import (
	"context"
	"encoding/json"
	"errors"

	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrAlreadyReviewed = errors.New("reviews: item already reviewed")
	ErrAlreadyAsked    = errors.New("reviews: question already asked for this item")
)

type Service struct {
	reviews   store.ReviewStore
	questions store.QuestionStore
	events    queue.Publisher
}

func New(r store.ReviewStore, q store.QuestionStore, events queue.Publisher) *Service {
	return &Service{reviews: r, questions: q, events: events}
}

// Submit stores a review of a purchased item. Moderation, the reviewer's
// reward points and the product's rating all hang off review.submitted.
func (s *Service) Submit(ctx context.Context, u domain.User, orderItemID int64, rating int, body string) error {
	exists, err := s.reviews.ExistsForItem(ctx, orderItemID)
	if err != nil {
		return err
	}
	if exists {
		return ErrAlreadyReviewed
	}
	rv := &domain.Review{OrderItemID: orderItemID, UserID: u.ID, Rating: rating, Body: body}
	if err := s.publish(ctx, "review.submitted", map[string]any{
		"order_item_id": orderItemID, "user_id": u.ID, "rating": rating, "body": body,
	}); err != nil {
		return err
	}
	if err := s.reviews.Insert(ctx, rv); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return nil
		}
		return err
	}
	return nil
}

// Ask posts a question about a purchased item to the seller.
func (s *Service) Ask(ctx context.Context, u domain.User, orderItemID int64, body string) error {
	exists, err := s.questions.ExistsForItem(ctx, orderItemID)
	if err != nil {
		return err
	}
	if exists {
		return ErrAlreadyAsked
	}
	id, err := s.questions.Insert(ctx, orderItemID, u.ID, body)
	if err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return nil
		}
		return err
	}
	return s.publish(ctx, "question.asked", map[string]any{"question_id": id, "order_item_id": orderItemID, "user_id": u.ID})
}

func (s *Service) publish(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return s.events.Publish(ctx, topic, body)
}
