package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Usage struct{ Pool *pgxpool.Pool }

func (s Usage) MonthlyTotals(ctx context.Context, period string) ([]repo.MerchantTotal, error) {
	rows, err := s.Pool.Query(ctx,
		`SELECT s.merchant_id, sum(s.price_cents), m.billing_customer_ref
		   FROM shipments s JOIN merchants m ON m.id = s.merchant_id
		  WHERE to_char(s.created_at, 'YYYY-MM') = $1 AND s.status = 'delivered'
		  GROUP BY s.merchant_id, m.billing_customer_ref
		  ORDER BY s.merchant_id`, period)
	if err != nil {
		return nil, fmt.Errorf("monthly totals: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (repo.MerchantTotal, error) {
		var t repo.MerchantTotal
		err := r.Scan(&t.MerchantID, &t.AmountCents, &t.CustomerRef)
		return t, err
	})
}

func (s Usage) OverdueInvoices(ctx context.Context, olderThan time.Duration) ([]domain.Invoice, error) {
	rows, err := s.Pool.Query(ctx,
		`SELECT id, merchant_id, number, period, amount_cents, status, coalesce(charge_ref, '')
		   FROM invoices WHERE status = 'open' AND created_at < now() - $1::interval`,
		fmt.Sprintf("%d seconds", int(olderThan.Seconds())))
	if err != nil {
		return nil, fmt.Errorf("overdue invoices: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (domain.Invoice, error) {
		var inv domain.Invoice
		err := r.Scan(&inv.ID, &inv.MerchantID, &inv.Number, &inv.Period, &inv.AmountCents, &inv.Status, &inv.ChargeRef)
		return inv, err
	})
}
