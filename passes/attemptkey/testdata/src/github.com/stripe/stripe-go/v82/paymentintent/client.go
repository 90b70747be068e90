// Package paymentintent is a stub of github.com/stripe/stripe-go/v82/paymentintent.
package paymentintent

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) { return nil, nil }
