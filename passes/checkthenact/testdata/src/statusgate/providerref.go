package statusgate

import (
	"context"
	"errors"
)

// A record holds the id of an object a provider made for it, empty until
// then: "no payment intent yet" is a state, and creating one and saving
// its id are two steps after the test.

type Basket struct {
	ID              string
	UserID          string
	PaymentIntentID string
	Amount          int64
}

type Baskets interface {
	GetBasket(ctx context.Context, id string) (*Basket, error)
	SetPaymentIntent(ctx context.Context, id, intentID string) error
	SetOwner(ctx context.Context, id, userID string) error
}

type Intents interface {
	CreatePaymentIntent(ctx context.Context, amount int64) (string, error)
}

type BasketService struct {
	baskets Baskets
	intents Intents
}

// Two clicks of "pay" both see no intent, both create one at the
// provider and both save theirs: the customer can pay twice.
func (s *BasketService) Pay(ctx context.Context, id string) (string, error) {
	c, err := s.baskets.GetBasket(ctx, id) // want `status-gate race: PaymentIntentID read here is tested, then CreatePaymentIntent`
	if err != nil {
		return "", err
	}
	if c.PaymentIntentID != "" {
		return c.PaymentIntentID, nil
	}
	pi, err := s.intents.CreatePaymentIntent(ctx, c.Amount)
	if err != nil {
		return "", err
	}
	return pi, s.baskets.SetPaymentIntent(ctx, id, pi)
}

// Near miss: UserID refers to the owner, no object a provider makes; a
// test of it is no state the code moves.
func (s *BasketService) Claim(ctx context.Context, id, user string) error {
	c, err := s.baskets.GetBasket(ctx, id)
	if err != nil {
		return err
	}
	if c.UserID != "" {
		return errors.New("already claimed")
	}
	if _, err := s.intents.CreatePaymentIntent(ctx, c.Amount); err != nil {
		return err
	}
	return s.baskets.SetOwner(ctx, id, user)
}
