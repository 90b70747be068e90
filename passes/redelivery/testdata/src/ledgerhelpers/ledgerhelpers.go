// Package ledgerhelpers consumes payments through repositories and
// clients: the writes are seen through the callees' summaries.
package ledgerhelpers

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/redis/go-redis/v9"
	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"

	"ledgerhelpers/store"
)

type Event struct {
	EventID string
	Account string
	Amount  int64
}

type Handler struct {
	accounts *store.Accounts
	rdb      *redis.Client
	db       *gorm.DB
}

// A repository method whose summary says it adds to the balance.
func (h *Handler) OnPayment(ctx context.Context, m kafka.Message) error {
	var e Event
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return err
	}
	return h.accounts.AddBalance(ctx, e.Account, e.Amount) // want `AddBalance, which adds a row or adds to a value on every run, runs again for every delivery of the message: Kafka hands`
}

// Near miss: the repository sets an absolute balance.
func (h *Handler) OnBalance(ctx context.Context, m kafka.Message) error {
	var e Event
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return err
	}
	return h.accounts.SetBalance(ctx, e.Account, e.Amount)
}

// A helper of this package that calls the repository counts too.
func (h *Handler) credit(ctx context.Context, e Event) error {
	return h.accounts.AddEntry(ctx, e.Account, e.Amount)
}

// Loop over FetchMessage results.
func (h *Handler) Consume(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var e Event
		if err := json.Unmarshal(m.Value, &e); err != nil {
			continue
		}
		if err := h.credit(ctx, e); err != nil { // want `credit, which adds a row`
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A row keyed by a uuid minted in the handler.
func (h *Handler) OnEntry(ctx context.Context, m *nats.Msg) error {
	var e Event
	if err := json.Unmarshal(m.Data, &e); err != nil {
		return err
	}
	return h.accounts.AddEntryWithID(ctx, uuid.NewString(), e.Account, e.Amount) // want `AddEntryWithID, inserting a row keyed by a value minted per run,`
}

// Near miss: keyed by the event's own id.
func (h *Handler) OnEntryKeyed(ctx context.Context, m *nats.Msg) error {
	var e Event
	if err := json.Unmarshal(m.Data, &e); err != nil {
		return err
	}
	return h.accounts.AddEntryWithID(ctx, e.EventID, e.Account, e.Amount)
}

// Near miss: the repository mints the id, but the row also carries the
// message's id in a unique column.
func (h *Handler) OnEntryDelivery(ctx context.Context, m *nats.Msg) error {
	var e Event
	if err := json.Unmarshal(m.Data, &e); err != nil {
		return err
	}
	return h.accounts.AddEntryFor(ctx, m.Header.Get("Nats-Msg-Id"), e.Account, e.Amount)
}

// A redis counter counts every delivery.
func (h *Handler) OnView(ctx context.Context, m *nats.Msg) error {
	return h.rdb.Incr(ctx, "views:"+string(m.Data)).Err() // want `the key-value increment Incr runs again`
}

// Near miss: the counter moves only for the delivery that set the
// message's marker first.
func (h *Handler) OnViewOnce(ctx context.Context, m *nats.Msg) error {
	ok, err := h.rdb.SetNX(ctx, "seen:"+m.Header.Get("Nats-Msg-Id"), 1, 0).Result()
	if err != nil || !ok {
		return err
	}
	return h.rdb.Incr(ctx, "views:"+string(m.Data)).Err()
}

type Notification struct {
	ID     uint
	UserID string
	Text   string
}

// A NATS subscription callback that creates a new record whose key the
// database assigns.
func (h *Handler) Subscribe(nc *nats.Conn) {
	nc.Subscribe("notify", func(m *nats.Msg) {
		h.db.Create(&Notification{UserID: string(m.Data), Text: "paid"}) // want `an insert whose key the database mints`
	})
	nc.Subscribe("notify.keyed", func(m *nats.Msg) {
		var e Event
		_ = json.Unmarshal(m.Data, &e)
		// Near miss: saved under the id the message carries.
		h.db.Create(&Notification{ID: uint(e.Amount), UserID: e.EventID, Text: "paid"})
	})
}

// Near miss: a publisher builds messages, it does not handle them.
func (h *Handler) Publish(ctx context.Context, w *kafka.Writer, m kafka.Message) error {
	if err := w.WriteMessages(ctx, m); err != nil {
		return err
	}
	return h.accounts.AddBalance(ctx, "outbox", 1)
}

// An envelope that nests the event four structs deep, through pointers
// (a CloudEvents or webhook wrapper around the payment).
type Envelope struct{ Data *EnvelopeData }

type EnvelopeData struct{ Payment *PaymentBody }

type PaymentBody struct{ Event Event }

// Near miss: the record is saved under the event's id, however deep the
// envelope nests it.
func (h *Handler) OnEnvelope(m *nats.Msg) {
	var env Envelope
	_ = json.Unmarshal(m.Data, &env)
	h.db.Create(&Notification{UserID: env.Data.Payment.Event.EventID, Text: "paid"})
}

// The same envelope, the record saved under the account, which every
// payment of that account shares: each delivery adds one.
func (h *Handler) OnEnvelopeAccount(m *nats.Msg) {
	var env Envelope
	_ = json.Unmarshal(m.Data, &env)
	h.db.Create(&Notification{UserID: env.Data.Payment.Event.Account, Text: "paid"}) // want `an insert whose key the database mints`
}

// namespace prefixes the keys of one table.
type namespace string

func (n namespace) key(k string) string { return string(n) + ":" + k }

// The record is saved under the event's id namespaced eight times: with
// the decoding of the event, the walk back to the id takes more steps
// than its budget and stops, so the write is reported as keyed by the
// database, and the handler is noted as cut at the budget.
func (h *Handler) OnNamespaced(m *nats.Msg) { // want `analysis cut at a budget \(message-id steps 8\)`
	var e Event
	_ = json.Unmarshal(m.Data, &e)
	n := namespace("notify")
	h.db.Create(&Notification{UserID: n.key(n.key(n.key(n.key(n.key(n.key(n.key(n.key(e.EventID)))))))), Text: "paid"}) // want `an insert whose key the database mints`
}

// Near miss: namespaced seven times, the id is found: no finding and no
// cut.
func (h *Handler) OnNamespacedLess(m *nats.Msg) {
	var e Event
	_ = json.Unmarshal(m.Data, &e)
	n := namespace("notify")
	h.db.Create(&Notification{UserID: n.key(n.key(n.key(n.key(n.key(n.key(n.key(e.EventID))))))), Text: "paid"})
}
