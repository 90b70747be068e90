package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

// CheckoutRequest is posted by the public event page. IdempotencyKey comes
// from the Idempotency-Key header that the page sets once per checkout.
type CheckoutRequest struct {
	IdempotencyKey string
	EventID        int64
	Buyer          Attendee
	Guests         []Attendee
	PaymentToken   string
	Coupon         string
}

func (r CheckoutRequest) attendees() []Attendee {
	return append([]Attendee{r.Buyer}, r.Guests...)
}

// ErrCheckoutInProgress is returned while another request with the same
// key is still running.
var ErrCheckoutInProgress = errors.New("checkout in progress")

const checkoutKeyTTL = 24 * time.Hour

func checkoutKey(eventID int64, key string) string {
	return fmt.Sprintf("checkout:%d:%s", eventID, key)
}

// BuyTickets sells tickets for a paid event: it reserves seats, charges the
// buyer, records the order and registers every attendee.
func (s *Service) BuyTickets(ctx context.Context, req CheckoutRequest) (sqlxstore.Order, error) {
	if req.IdempotencyKey == "" {
		return sqlxstore.Order{}, domain.Invalid("Idempotency-Key", "required")
	}
	for _, a := range req.attendees() {
		if err := a.validate(); err != nil {
			return sqlxstore.Order{}, err
		}
	}
	key := checkoutKey(req.EventID, req.IdempotencyKey)
	fresh, err := s.Redis.SetNX(ctx, key, "pending", checkoutKeyTTL).Result()
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if !fresh {
		return s.priorOrder(ctx, key)
	}
	succeeded := false
	defer func() {
		if !succeeded {
			// Let the buyer try again with the same key.
			s.Redis.Del(context.WithoutCancel(ctx), key)
		}
	}()

	ev, err := s.Repo.Get(ctx, req.EventID)
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Order{}, err
	}
	qty := len(req.attendees())
	if qty > 10 {
		return sqlxstore.Order{}, domain.Invalid("guests", "at most 10 tickets per order")
	}
	amount := ev.PriceCents * int64(qty)
	if discount := couponDiscount(req.Coupon); discount > 0 {
		amount = amount * (100 - discount) / 100
	}

	ch, err := s.Payments.Charge(ctx, effects.ChargeParams{
		CustomerID:  req.PaymentToken,
		AmountCents: amount,
		Currency:    "usd",
		Description: fmt.Sprintf("%d x %s", qty, ev.Title),
		Metadata:    map[string]string{"event": strconv.FormatInt(ev.ID, 10)},
	})
	if err != nil {
		return sqlxstore.Order{}, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}

	order := sqlxstore.Order{EventID: ev.ID, Email: req.Buyer.Email, Quantity: qty, AmountCents: amount, ChargeID: ch.ID}
	err = sqlxstore.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		ok, err := reserveSeat(ctx, tx, ev.ID, qty)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("sold out: %w", domain.ErrQuotaExceeded)
		}
		if err := tx.QueryRowxContext(ctx,
			`INSERT INTO orders (event_id, email, quantity, amount_cents, charge_id) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
			order.EventID, order.Email, order.Quantity, order.AmountCents, order.ChargeID).Scan(&order.ID, &order.CreatedAt); err != nil {
			return err
		}
		for _, a := range req.attendees() {
			reg := sqlxstore.Registration{EventID: ev.ID, Email: a.Email, Name: a.Name, Status: "confirmed"}
			if err := s.Repo.InsertRegistration(ctx, tx, &reg); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}

	succeeded = true
	if err := s.Redis.Set(ctx, key, order.ID, checkoutKeyTTL).Err(); err != nil {
		s.Log.WarnContext(ctx, "store checkout result", "err", err)
	}
	for _, a := range req.attendees() {
		s.confirmation(ctx, ev, a, "event_ticket")
	}
	return order, nil
}

func (s *Service) priorOrder(ctx context.Context, key string) (sqlxstore.Order, error) {
	v, err := s.Redis.Get(ctx, key).Result()
	if errors.Is(err, redis.Nil) || v == "pending" {
		return sqlxstore.Order{}, ErrCheckoutInProgress
	}
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if strings.HasPrefix(v, "charged:") {
		return sqlxstore.Order{}, fmt.Errorf("payment taken, order pending review: %w", domain.ErrConflict)
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return sqlxstore.Order{}, err
	}
	var o sqlxstore.Order
	err = s.DB.GetContext(ctx, &o, `SELECT * FROM orders WHERE id = $1`, id)
	return o, sqlxstore.MapErr(err)
}

func couponDiscount(code string) int64 {
	switch strings.ToUpper(code) {
	case "EARLYBIRD":
		return 20
	case "COMMUNITY":
		return 50
	default:
		return 0
	}
}

// BuyGroupTickets sells a block of tickets to a company. After the charge, a
// failure leaves a "charged:<id>" marker under the key for the
// reconciliation job.
func (s *Service) BuyGroupTickets(ctx context.Context, req CheckoutRequest) (sqlxstore.Order, error) {
	if req.IdempotencyKey == "" {
		return sqlxstore.Order{}, domain.Invalid("Idempotency-Key", "required")
	}
	key := checkoutKey(req.EventID, "group:"+req.IdempotencyKey)
	fresh, err := s.Redis.SetNX(ctx, key, "pending", checkoutKeyTTL).Result()
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if !fresh {
		return s.priorOrder(ctx, key)
	}
	var chargeID string
	succeeded := false
	defer func() {
		if succeeded {
			return
		}
		bg := context.WithoutCancel(ctx)
		if chargeID == "" {
			s.Redis.Del(bg, key)
			return
		}
		s.Redis.Set(bg, key, "charged:"+chargeID, checkoutKeyTTL)
	}()

	ev, err := s.Repo.Get(ctx, req.EventID)
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Order{}, err
	}
	qty := len(req.attendees())
	amount := ev.PriceCents * int64(qty) * 90 / 100
	ch, err := s.Payments.Charge(ctx, effects.ChargeParams{
		CustomerID:     req.PaymentToken,
		AmountCents:    amount,
		Currency:       "usd",
		Description:    fmt.Sprintf("Group booking %d x %s", qty, ev.Title),
		IdempotencyKey: key,
	})
	if err != nil {
		return sqlxstore.Order{}, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	chargeID = ch.ID

	order := sqlxstore.Order{EventID: ev.ID, Email: req.Buyer.Email, Quantity: qty, AmountCents: amount, ChargeID: ch.ID}
	err = sqlxstore.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		ok, err := reserveSeat(ctx, tx, ev.ID, qty)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrQuotaExceeded
		}
		return tx.QueryRowxContext(ctx,
			`INSERT INTO orders (event_id, email, quantity, amount_cents, charge_id) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
			order.EventID, order.Email, order.Quantity, order.AmountCents, order.ChargeID).Scan(&order.ID, &order.CreatedAt)
	})
	if err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}
	succeeded = true
	s.Redis.Set(ctx, key, order.ID, checkoutKeyTTL)
	s.confirmation(ctx, ev, req.Buyer, "event_group_booking")
	return order, nil
}

// CheckoutWorkshop sells a seat in a hands-on workshop. The request key is
// claimed in order_claims before anything else happens.
func (s *Service) CheckoutWorkshop(ctx context.Context, req CheckoutRequest) (sqlxstore.Order, error) {
	if req.IdempotencyKey == "" {
		return sqlxstore.Order{}, domain.Invalid("Idempotency-Key", "required")
	}
	claimKey := fmt.Sprintf("ws:%d:%s", req.EventID, req.IdempotencyKey)
	res, err := s.DB.ExecContext(ctx, `INSERT INTO order_claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, claimKey)
	if err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return s.claimedOrder(ctx, claimKey)
	}

	ev, err := s.Repo.Get(ctx, req.EventID)
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Order{}, err
	}
	ch, err := s.Payments.Charge(ctx, effects.ChargeParams{
		CustomerID:  req.PaymentToken,
		AmountCents: ev.PriceCents,
		Currency:    "usd",
		Description: "Workshop: " + ev.Title,
	})
	if err != nil {
		return sqlxstore.Order{}, fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
	}
	order := sqlxstore.Order{EventID: ev.ID, Email: req.Buyer.Email, Quantity: 1, AmountCents: ev.PriceCents, ChargeID: ch.ID}
	err = sqlxstore.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		ok, err := reserveSeat(ctx, tx, ev.ID, 1)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrQuotaExceeded
		}
		if err := tx.QueryRowxContext(ctx,
			`INSERT INTO orders (event_id, email, quantity, amount_cents, charge_id) VALUES ($1, $2, 1, $3, $4) RETURNING id`,
			order.EventID, order.Email, order.AmountCents, order.ChargeID).Scan(&order.ID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE order_claims SET order_id = $2 WHERE key = $1`, claimKey, order.ID)
		return err
	})
	if err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}
	s.confirmation(ctx, ev, req.Buyer, "event_ticket")
	return order, nil
}

func (s *Service) claimedOrder(ctx context.Context, claimKey string) (sqlxstore.Order, error) {
	var orderID sql.NullInt64
	if err := s.DB.GetContext(ctx, &orderID, `SELECT order_id FROM order_claims WHERE key = $1`, claimKey); err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}
	if !orderID.Valid {
		return sqlxstore.Order{}, ErrCheckoutInProgress
	}
	var o sqlxstore.Order
	err := s.DB.GetContext(ctx, &o, `SELECT * FROM orders WHERE id = $1`, orderID.Int64)
	return o, sqlxstore.MapErr(err)
}

// CheckoutMasterclass sells a masterclass seat. The claim, the seat and the
// order are written in one transaction, and the charge inside it carries the
// claim key as the provider idempotency key.
func (s *Service) CheckoutMasterclass(ctx context.Context, req CheckoutRequest) (sqlxstore.Order, error) {
	if req.IdempotencyKey == "" {
		return sqlxstore.Order{}, domain.Invalid("Idempotency-Key", "required")
	}
	ev, err := s.Repo.Get(ctx, req.EventID)
	if err != nil {
		return sqlxstore.Order{}, err
	}
	if err := s.open(ev); err != nil {
		return sqlxstore.Order{}, err
	}
	claimKey := fmt.Sprintf("mc:%d:%s", req.EventID, req.IdempotencyKey)
	var (
		order  sqlxstore.Order
		replay bool
	)
	err = sqlxstore.InTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO order_claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, claimKey)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			replay = true
			return nil
		}
		ok, err := reserveSeat(ctx, tx, ev.ID, 1)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrQuotaExceeded
		}
		ch, err := s.Payments.Charge(ctx, effects.ChargeParams{
			CustomerID:     req.PaymentToken,
			AmountCents:    ev.PriceCents,
			Currency:       "usd",
			Description:    "Masterclass: " + ev.Title,
			IdempotencyKey: claimKey,
		})
		if err != nil {
			return fmt.Errorf("%w: %v", domain.ErrPaymentFailed, err)
		}
		order = sqlxstore.Order{EventID: ev.ID, Email: req.Buyer.Email, Quantity: 1, AmountCents: ev.PriceCents, ChargeID: ch.ID}
		if err := tx.QueryRowxContext(ctx,
			`INSERT INTO orders (event_id, email, quantity, amount_cents, charge_id) VALUES ($1, $2, 1, $3, $4) RETURNING id`,
			order.EventID, order.Email, order.AmountCents, order.ChargeID).Scan(&order.ID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE order_claims SET order_id = $2 WHERE key = $1`, claimKey, order.ID)
		return err
	})
	if err != nil {
		return sqlxstore.Order{}, sqlxstore.MapErr(err)
	}
	if replay {
		return s.claimedOrder(ctx, claimKey)
	}
	s.confirmation(ctx, ev, req.Buyer, "event_ticket")
	return order, nil
}
