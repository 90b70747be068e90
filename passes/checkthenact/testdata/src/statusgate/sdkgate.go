package statusgate

import (
	"context"

	"github.com/sendgrid/sendgrid-go"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
	"gorm.io/gorm"
)

// The acts are calls of payment and e-mail SDKs.
type Return struct {
	ID     uint
	Status string
	Charge string
}

// Two deliveries both see the return open and both refund through Stripe.
func refundReturn(db *gorm.DB, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then New`
		return err
	}
	if r.Status == "refunded" {
		return nil
	}
	if _, err := refund.New(&stripe.RefundParams{Charge: &r.Charge}); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "refunded").Error
}

// The same through the v82 client's services.
func refundReturnClient(ctx context.Context, db *gorm.DB, sc *stripe.Client, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then Create`
		return err
	}
	if r.Status == "refunded" {
		return nil
	}
	if _, err := sc.V1Refunds.Create(ctx, &stripe.RefundParams{Charge: &r.Charge}); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "refunded").Error
}

// Two deliveries both mail the receipt.
func mailReturnReceipt(db *gorm.DB, sg *sendgrid.Client, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil { // want `status-gate race: Status read here is tested, then Send`
		return err
	}
	if r.Status == "mailed" {
		return nil
	}
	if _, err := sg.Send("receipt"); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "mailed").Error
}

// Near miss: looking a refund up twice is harmless.
func checkReturn(ctx context.Context, db *gorm.DB, sc *stripe.Client, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil {
		return err
	}
	if r.Status == "checked" {
		return nil
	}
	if _, err := refund.Get(r.Charge, nil); err != nil {
		return err
	}
	if _, err := sc.V1Refunds.Get(ctx, r.Charge); err != nil {
		return err
	}
	return db.Model(&r).Update("status", "checked").Error
}

// Near miss: the conditional update picks one winner, and only it refunds.
func refundReturnGuarded(db *gorm.DB, id uint) error {
	var r Return
	if err := db.First(&r, id).Error; err != nil {
		return err
	}
	if r.Status == "refunded" {
		return nil
	}
	res := db.Model(&r).Where("status = ?", r.Status).Update("status", "refunded")
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	_, err := refund.New(&stripe.RefundParams{Charge: &r.Charge})
	return err
}
