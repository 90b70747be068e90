package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/store"
)

// InvoiceService collects B2B invoices and instalment plans by card.
type InvoiceService struct {
	pool    *pgxpool.Pool
	gateway PaymentGateway
	log     *slog.Logger
}

func NewInvoiceService(pool *pgxpool.Pool, gateway PaymentGateway, log *slog.Logger) *InvoiceService {
	return &InvoiceService{pool: pool, gateway: gateway, log: log}
}

type Invoice struct {
	ID            int64
	CustomerID    string
	PaymentMethod string
	AmountCents   int64
	Currency      string
}

// ChargeInvoice records the payment attempt and charges the invoice.
func (s *InvoiceService) ChargeInvoice(ctx context.Context, inv Invoice) error {
	_, err := s.pool.Exec(ctx,
		`INSERT INTO invoice_payments (invoice_id, amount_cents, status) VALUES ($1, $2, 'processing')`,
		inv.ID, inv.AmountCents)
	if err != nil && !store.IsUniqueViolation(err) {
		return fmt.Errorf("charge invoice %d: %w", inv.ID, err)
	}

	pi, err := s.gateway.Charge(ctx, billing.ChargeRequest{
		CustomerID:    inv.CustomerID,
		PaymentMethod: inv.PaymentMethod,
		AmountCents:   inv.AmountCents,
		Currency:      inv.Currency,
		Description:   "Invoice " + strconv.FormatInt(inv.ID, 10),
	})
	if err != nil {
		return fmt.Errorf("charge invoice %d: %w", inv.ID, err)
	}
	_, err = s.pool.Exec(ctx,
		`UPDATE invoice_payments SET status = 'succeeded', payment_intent_id = $2 WHERE invoice_id = $1`,
		inv.ID, pi.ID)
	return err
}

// ChargeInstallment charges one instalment of a payment plan.
func (s *InvoiceService) ChargeInstallment(ctx context.Context, inv Invoice, n int) (string, error) {
	_, err := s.pool.Exec(ctx,
		`INSERT INTO installment_payments (invoice_id, seq, amount_cents, status) VALUES ($1, $2, $3, 'processing')`,
		inv.ID, n, inv.AmountCents)
	if store.IsUniqueViolation(err) {
		return s.installmentStatus(ctx, inv.ID, n)
	}
	if err != nil {
		return "", fmt.Errorf("charge installment %d/%d: %w", inv.ID, n, err)
	}

	pi, err := s.gateway.ChargeSaved(ctx, billing.ChargeRequest{
		CustomerID:     inv.CustomerID,
		PaymentMethod:  inv.PaymentMethod,
		AmountCents:    inv.AmountCents,
		Currency:       inv.Currency,
		Description:    fmt.Sprintf("Invoice %d instalment %d", inv.ID, n),
		IdempotencyKey: fmt.Sprintf("installment-%d-%d", inv.ID, n),
	})
	if err != nil {
		return "", fmt.Errorf("charge installment %d/%d: %w", inv.ID, n, err)
	}
	_, err = s.pool.Exec(ctx,
		`UPDATE installment_payments SET status = 'succeeded', payment_intent_id = $3 WHERE invoice_id = $1 AND seq = $2`,
		inv.ID, n, pi.ID)
	return "succeeded", err
}

func (s *InvoiceService) installmentStatus(ctx context.Context, invoiceID int64, n int) (string, error) {
	var status string
	err := s.pool.QueryRow(ctx,
		`SELECT status FROM installment_payments WHERE invoice_id = $1 AND seq = $2`, invoiceID, n).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("installment %d/%d vanished", invoiceID, n)
	}
	return status, err
}
