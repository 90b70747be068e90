package service

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

var (
	ErrKeyMismatch     = errors.New("idempotency key reused with a different request")
	ErrRequestInFlight = errors.New("a request with this idempotency key is in progress")
)

// APIResponse is what the merchant API handlers write back.
type APIResponse struct {
	Status   int
	Body     []byte
	Replayed bool
}

// MerchantAPI implements the server-to-server merchant endpoints. Every
// mutating call carries an Idempotency-Key chosen by the merchant.
type MerchantAPI struct {
	pool *pgxpool.Pool
	q    *pg.Queries
	log  *slog.Logger
}

func NewMerchantAPI(pool *pgxpool.Pool, log *slog.Logger) *MerchantAPI {
	return &MerchantAPI{pool: pool, q: pg.New(pool), log: log}
}

type PaymentLinkRequest struct {
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Description string `json:"description"`
}

type PayoutRequest struct {
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Destination string `json:"destination"`
}

func requestHash(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	return sum[:], nil
}

func storedAnswer(rec pg.IdempotencyKey, hash []byte) (APIResponse, error) {
	if !bytes.Equal(rec.RequestHash, hash) {
		return APIResponse{}, ErrKeyMismatch
	}
	if !rec.ResponseCode.Valid {
		return APIResponse{}, ErrRequestInFlight
	}
	return APIResponse{Status: int(rec.ResponseCode.Int32), Body: rec.ResponseBody, Replayed: true}, nil
}

// CreatePaymentLink creates a hosted payment link for the merchant.
func (a *MerchantAPI) CreatePaymentLink(ctx context.Context, merchantID int64, key string, req PaymentLinkRequest) (APIResponse, error) {
	hash, err := requestHash(req)
	if err != nil {
		return APIResponse{}, err
	}
	rec, err := a.q.GetIdempotencyKey(ctx, key)
	if err == nil {
		return storedAnswer(rec, hash)
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return APIResponse{}, fmt.Errorf("payment link: %w", err)
	}

	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return APIResponse{}, err
	}
	defer tx.Rollback(ctx)
	qtx := a.q.WithTx(tx)
	n, err := qtx.InsertIdempotencyKey(ctx, pg.InsertIdempotencyKeyParams{MerchantID: merchantID, Key: key, RequestHash: hash})
	if err != nil {
		return APIResponse{}, fmt.Errorf("payment link: %w", err)
	}
	if n == 0 {
		return APIResponse{}, ErrRequestInFlight
	}
	var linkID string
	err = tx.QueryRow(ctx,
		`INSERT INTO payment_links (merchant_id, amount_cents, currency, description)
		 VALUES ($1, $2, $3, $4) RETURNING public_id`,
		merchantID, req.AmountCents, req.Currency, req.Description).Scan(&linkID)
	if err != nil {
		return APIResponse{}, fmt.Errorf("payment link: %w", err)
	}
	body, _ := json.Marshal(map[string]string{"id": linkID, "url": "https://pay.example.com/l/" + linkID})
	if err := qtx.CompleteIdempotencyKey(ctx, pg.CompleteIdempotencyKeyParams{
		MerchantID:   merchantID,
		Key:          key,
		ResponseCode: pgtype.Int4{Int32: http.StatusCreated, Valid: true},
		ResponseBody: body,
	}); err != nil {
		return APIResponse{}, fmt.Errorf("payment link: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return APIResponse{}, fmt.Errorf("payment link: commit: %w", err)
	}
	return APIResponse{Status: http.StatusCreated, Body: body}, nil
}

// RequestPayout queues a payout of the merchant's balance.
func (a *MerchantAPI) RequestPayout(ctx context.Context, merchantID int64, key string, req PayoutRequest) (APIResponse, error) {
	hash, err := requestHash(req)
	if err != nil {
		return APIResponse{}, err
	}
	rec, err := a.q.GetMerchantIdempotencyKey(ctx, pg.GetMerchantIdempotencyKeyParams{MerchantID: merchantID, Key: key})
	if err == nil {
		return storedAnswer(rec, hash)
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return APIResponse{}, fmt.Errorf("payout: %w", err)
	}

	tx, err := a.pool.Begin(ctx)
	if err != nil {
		return APIResponse{}, err
	}
	defer tx.Rollback(ctx)
	qtx := a.q.WithTx(tx)
	n, err := qtx.InsertMerchantIdempotencyKey(ctx, pg.InsertMerchantIdempotencyKeyParams{MerchantID: merchantID, Key: key, RequestHash: hash})
	if err != nil {
		return APIResponse{}, fmt.Errorf("payout: %w", err)
	}
	if n == 0 {
		return APIResponse{}, ErrRequestInFlight
	}
	var payoutID int64
	err = tx.QueryRow(ctx,
		`INSERT INTO payouts (merchant_id, amount_cents, currency, status, stripe_account_id)
		 VALUES ($1, $2, $3, 'pending', $4) RETURNING id`,
		merchantID, req.AmountCents, req.Currency, req.Destination).Scan(&payoutID)
	if err != nil {
		return APIResponse{}, fmt.Errorf("payout: %w", err)
	}
	body, _ := json.Marshal(map[string]any{"id": payoutID, "status": "pending"})
	if err := qtx.CompleteIdempotencyKey(ctx, pg.CompleteIdempotencyKeyParams{
		MerchantID:   merchantID,
		Key:          key,
		ResponseCode: pgtype.Int4{Int32: http.StatusAccepted, Valid: true},
		ResponseBody: body,
	}); err != nil {
		return APIResponse{}, fmt.Errorf("payout: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return APIResponse{}, fmt.Errorf("payout: commit: %w", err)
	}
	return APIResponse{Status: http.StatusAccepted, Body: body}, nil
}
