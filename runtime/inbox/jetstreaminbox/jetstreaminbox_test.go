package jetstreaminbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/inbox"
	"github.com/idemvet/idemvet/runtime/inbox/jetstreaminbox"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// msg is a JetStream message as the server delivers it, recording how it
// was settled. A method Handle must not call panics on the nil embedded
// interface.
type msg struct {
	jetstream.Msg
	id      string
	settled string
}

func (m *msg) Headers() nats.Header {
	h := nats.Header{}
	if m.id != "" {
		h.Set(jetstream.MsgIDHeader, m.id)
	}
	return h
}
func (m *msg) Data() []byte                        { return []byte("{}") }
func (m *msg) DoubleAck(ctx context.Context) error { m.settled = "ack"; return nil }
func (m *msg) Nak() error                          { m.settled = "nak"; return nil }
func (m *msg) Term() error                         { m.settled = "term"; return nil }

func TestHandleSettlesMessages(t *testing.T) {
	pool := pgtest.NewPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := inbox.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	in, err := inbox.New(pool, inbox.Options{
		Consumer:   "payments",
		DeadLetter: func(context.Context, pgx.Tx, inbox.Message, string) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	fail := true
	h := func(ctx context.Context, tx pgx.Tx, m inbox.Message) error {
		runs++
		if m.ID != "pay-1" {
			t.Errorf("message id %q; want the Nats-Msg-Id header", m.ID)
		}
		if fail {
			return errors.New("downstream down")
		}
		return nil
	}
	for _, step := range []struct {
		id      string
		fail    bool
		want    inbox.Disposition
		settled string
	}{
		{"pay-1", true, 0, "nak"},
		{"pay-1", false, inbox.Processed, "ack"},
		{"pay-1", false, inbox.Duplicate, "ack"},
		{"", false, 0, "term"},
	} {
		fail = step.fail
		m := &msg{id: step.id}
		disp, err := jetstreaminbox.Handle(ctx, in, m, h)
		if disp != step.want || (err != nil) != (step.want == 0) || m.settled != step.settled {
			t.Errorf("message %q: %v, %v, settled by %q; want %v, settled by %q", step.id, disp, err, m.settled, step.want, step.settled)
		}
	}
	if runs != 2 {
		t.Errorf("handler ran %d times; want 2", runs)
	}
}
