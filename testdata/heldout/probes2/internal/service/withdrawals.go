package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/billing"
)

var ErrInsufficientFunds = errors.New("insufficient balance")

// BankTransfers is implemented by billing.BankClient.
type BankTransfers interface {
	Withdraw(ctx context.Context, order billing.TransferOrder) (string, error)
	PayoutToBank(ctx context.Context, order billing.TransferOrder) (string, error)
}

// WithdrawalService moves wallet money to customers' and merchants' bank
// accounts.
type WithdrawalService struct {
	pool *pgxpool.Pool
	bank BankTransfers
	log  *slog.Logger
}

func NewWithdrawalService(pool *pgxpool.Pool, bank BankTransfers, log *slog.Logger) *WithdrawalService {
	return &WithdrawalService{pool: pool, bank: bank, log: log}
}

// Withdraw debits the wallet and sends the money to the user's IBAN.
func (s *WithdrawalService) Withdraw(ctx context.Context, userID, amountCents int64, iban, name string) (string, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`UPDATE wallets SET balance_cents = balance_cents - $2 WHERE user_id = $1 AND balance_cents >= $2`,
			userID, amountCents)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrInsufficientFunds
		}
		return tx.QueryRow(ctx,
			`INSERT INTO withdrawals (user_id, amount_cents, iban, status) VALUES ($1, $2, $3, 'sending') RETURNING id`,
			userID, amountCents, iban).Scan(&id)
	})
	if err != nil {
		return "", fmt.Errorf("withdraw: %w", err)
	}
	ref, err := s.bank.Withdraw(ctx, billing.TransferOrder{
		ID:          id,
		IBAN:        iban,
		Name:        name,
		AmountCents: amountCents,
		Currency:    "EUR",
		Reference:   fmt.Sprintf("Shop withdrawal %d", id),
	})
	if err != nil {
		return "", fmt.Errorf("withdraw %d: %w", id, err)
	}
	_, err = s.pool.Exec(ctx, `UPDATE withdrawals SET status = 'sent', bank_ref = $2 WHERE id = $1`, id, ref)
	return ref, err
}

// SettleMerchant pays a merchant's approved settlement to their bank.
func (s *WithdrawalService) SettleMerchant(ctx context.Context, settlementID int64) (string, error) {
	var order billing.TransferOrder
	err := s.pool.QueryRow(ctx, `
		UPDATE settlements SET status = 'sending'
		WHERE id = $1 AND status = 'approved'
		RETURNING id, iban, beneficiary, amount_cents, currency`, settlementID).
		Scan(&order.ID, &order.IBAN, &order.Name, &order.AmountCents, &order.Currency)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrOrderInProgress
	}
	if err != nil {
		return "", fmt.Errorf("settle %d: %w", settlementID, err)
	}
	order.Reference = fmt.Sprintf("Settlement %d", order.ID)
	ref, err := s.bank.PayoutToBank(ctx, order)
	if err != nil {
		return "", fmt.Errorf("settle %d: %w", settlementID, err)
	}
	_, err = s.pool.Exec(ctx, `UPDATE settlements SET status = 'sent', bank_ref = $2 WHERE id = $1`, settlementID, ref)
	return ref, err
}
