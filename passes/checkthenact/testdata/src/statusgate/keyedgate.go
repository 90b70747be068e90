package statusgate

import (
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
	"gorm.io/gorm"
)

// An external call keyed by an idempotency key made from the gated
// record is done once however many callers pass the gate: the provider
// answers the second call with the first one's outcome.

// Near miss: both deliveries refund with the key "refund-" + the charge,
// and Stripe refunds once.
func refundReturnKeyed(db *gorm.DB, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil {
		return err
	}
	if r.Status == "refunded" {
		return nil
	}
	params := &stripe.RefundParams{Charge: &r.Charge}
	params.SetIdempotencyKey("refund-" + r.Charge)
	if _, err := refund.New(params); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "refunded").Error
}

// A key minted per call makes each delivery a new refund.
func refundReturnFreshKey(db *gorm.DB, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then New`
		return err
	}
	if r.Status == "refunded" {
		return nil
	}
	params := &stripe.RefundParams{Charge: &r.Charge}
	params.IdempotencyKey = stripe.String(uuid.NewString())
	if _, err := refund.New(params); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "refunded").Error
}

// Near miss: the payout provider's Idempotency-Key header is the return's
// id: the second delivery's request is answered with the first payout.
func payoutReturnKeyed(db *gorm.DB, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil {
		return err
	}
	if r.Status == "paid_out" {
		return nil
	}
	req, err := http.NewRequest("POST", "https://payouts.example/v1/payouts", strings.NewReader(r.Charge))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", r.Charge)
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "paid_out").Error
}

// The header carries a value the record does not determine (the
// delivery's own request id): each delivery pays out.
func payoutReturnRequestKey(db *gorm.DB, id uint, requestID string) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then Do`
		return err
	}
	if r.Status == "paid_out" {
		return nil
	}
	req, err := http.NewRequest("POST", "https://payouts.example/v1/payouts", strings.NewReader(r.Charge))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", requestID)
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "paid_out").Error
}
