// Package webhooks receives webhooks that their senders post again when a
// delivery fails or times out: each reported write beside the near miss a
// retried delivery does not repeat.
package webhooks

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"
)

type Event struct {
	ID      string `json:"id"`
	Account string `json:"account"`
	Amount  int64  `json:"amount"`
}

type Server struct {
	db      *sql.DB
	mail    Mailer
	credits Credits
}

// Credits is the module's store of account credits.
type Credits interface {
	IncrementBalance(ctx context.Context, account string, amount int64) error
	CreditOnce(ctx context.Context, eventID, account string, amount int64) (bool, error)
}

type Mailer interface {
	SendReceipt(to string, amount int64) error
}

// Each retry of the event credits the account again.
func (s *Server) StripeWebhook(w http.ResponseWriter, r *http.Request) {
	var ev Event
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_, err := s.db.ExecContext(r.Context(), `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, ev.Amount, ev.Account) // want `a relative update \(the new value computed from the old one\) runs again for every delivery of the message: the sender posts the webhook again when its delivery fails or times out`
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: the event id is claimed first, in the credit's transaction,
// and a retry finds it taken.
func (s *Server) StripeWebhookOnce(w http.ResponseWriter, r *http.Request) {
	var ev Event
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	tx, err := s.db.BeginTx(r.Context(), nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(r.Context(), `INSERT INTO stripe_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.ID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	if _, err := tx.ExecContext(r.Context(), `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, ev.Amount, ev.Account); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	tx.Commit()
}

type carrierHook struct {
	EventID    string `json:"event_id"`
	ShipmentID int64  `json:"shipment_ref"`
	Amount     int64  `json:"amount_cents"`
}

// gin: each retry inserts another surcharge row, keyed by a serial id.
func (s *Server) parcelNetHook(c *gin.Context) {
	var in carrierHook
	if err := c.ShouldBindJSON(&in); err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if _, err := s.db.ExecContext(c, `INSERT INTO surcharges (shipment_id, amount_cents) VALUES ($1, $2)`, in.ShipmentID, in.Amount); err != nil { // want `an insert whose key the database mints runs again for every delivery`
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// Near miss: the row is keyed by the carrier's event id; a retry's
// insert clashes.
func (s *Server) freightHubHook(c *gin.Context) {
	var in carrierHook
	if err := c.ShouldBindJSON(&in); err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if _, err := s.db.ExecContext(c, `INSERT INTO carrier_events (event_id, shipment_id, amount_cents) VALUES ($1, $2, $3)`, in.EventID, in.ShipmentID, in.Amount); err != nil {
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// A payment provider's notification: every retry mails the receipt.
func (s *Server) AlipayNotify(w http.ResponseWriter, r *http.Request) {
	to := r.FormValue("buyer_email")
	if err := s.mail.SendReceipt(to, 100); err != nil { // want `SendReceipt, a call that leaves the process, runs again for every delivery`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte("success"))
}

type Order struct {
	ID     int64
	Status string
	Quota  int64
	UserID int64
}

// Near miss: the order's status gates the credit, and the credit's
// transaction moves it on: a retry after the first delivery finished
// reads it paid and stops. (Two deliveries at once both read it pending:
// checkthenact's status gate.)
func (s *Server) PaymentCallback(w http.ResponseWriter, r *http.Request) {
	var o Order
	err := s.db.QueryRowContext(r.Context(), `SELECT id, status, quota, user_id FROM orders WHERE trade_no = $1`, r.FormValue("trade_no")).Scan(&o.ID, &o.Status, &o.Quota, &o.UserID)
	if err != nil || o.Status != "pending" {
		return
	}
	tx, err := s.db.BeginTx(r.Context(), nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	tx.ExecContext(r.Context(), `UPDATE orders SET status = 'paid' WHERE id = $1`, o.ID)
	tx.ExecContext(r.Context(), `UPDATE users SET quota = quota + $1 WHERE id = $2`, o.Quota, o.UserID)
	tx.Commit()
}

// A handler literal a constructor named for the webhook returns: every
// retry records the bounce again.
func BounceWebhook(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, err := db.ExecContext(r.Context(), `UPDATE subscribers SET bounces = bounces + 1 WHERE email = $1`, r.FormValue("email")) // want `a relative update \(the new value computed from the old one\) runs again for every delivery`
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// Near miss: managing the program's own outgoing webhooks is no receipt.
func (s *Server) CreateWebhook(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.ExecContext(r.Context(), `INSERT INTO webhooks (url) VALUES ($1)`, r.FormValue("url")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: a sign-in callback is no webhook; nobody posts it again.
func (s *Server) OAuthCallback(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.ExecContext(r.Context(), `UPDATE users SET logins = logins + 1 WHERE email = $1`, r.FormValue("email")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: the webhook sets the subscription to what the event
// carries; a retry writes the same values.
func (s *Server) SubscriptionWebhook(w http.ResponseWriter, r *http.Request) {
	var ev Event
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		return
	}
	s.db.ExecContext(r.Context(), `UPDATE subscriptions SET amount = $1 WHERE account = $2`, ev.Amount, ev.Account)
}

// A push webhook: every retry queues another build.
func (s *Server) PostHook(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.ExecContext(r.Context(), `INSERT INTO builds (repo, ref) VALUES ($1, $2)`, r.FormValue("repo"), r.FormValue("ref")); err != nil { // want `an insert whose key the database mints runs again for every delivery`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: the build is keyed by the delivery id GitHub sends with
// every attempt of one event; a retry's insert clashes.
func (s *Server) GithubWebhook(w http.ResponseWriter, r *http.Request) {
	if _, err := s.db.ExecContext(r.Context(), `INSERT INTO builds (delivery, repo, ref) VALUES ($1, $2, $3)`, r.Header.Get("X-GitHub-Delivery"), r.FormValue("repo"), r.FormValue("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Through the store: every retry increments the balance.
func (s *Server) PaddleWebhook(w http.ResponseWriter, r *http.Request) {
	var ev Event
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		return
	}
	if err := s.credits.IncrementBalance(r.Context(), ev.Account, ev.Amount); err != nil { // want `a relative update \(the new value computed from the old one\) runs again for every delivery`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: the store's CreditOnce says by its name that it credits once
// per event id (and answers whether this call did).
func (s *Server) LemonWebhook(w http.ResponseWriter, r *http.Request) {
	var ev Event
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		return
	}
	if _, err := s.credits.CreditOnce(r.Context(), ev.ID, ev.Account, ev.Amount); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Near miss: the literals a webhook's routes register serve anything
// (here, adding an outgoing hook); only a literal a constructor named for
// a webhook returns is its handler.
func (s *Server) WebhookRoutes(mux *http.ServeMux) {
	mux.HandleFunc("/hooks", func(w http.ResponseWriter, r *http.Request) {
		if _, err := s.db.ExecContext(r.Context(), `INSERT INTO hooks (url) VALUES ($1)`, r.FormValue("url")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
}
