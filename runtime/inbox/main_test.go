package inbox_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/inbox"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// databaseURL stands, in the examples, for your application's database URL
// (in your code: your own server's DSN, from your configuration). Here it
// is a fresh database on the test server, dropped by the returned function.
func databaseURL(label string) (string, func()) {
	dsn, drop, err := pgtest.CreateDB(context.Background(), label)
	if err != nil {
		log.Fatal(err)
	}
	return dsn, func() { _ = drop(context.Background()) }
}

// env is one test's database: the inbox tables, a business table
// "effects" that handlers write to, and a table "dead_letters".
type env struct {
	t    testing.TB
	pool *pgxpool.Pool
	// runs counts handler executions, committed or not.
	runs atomic.Int32
}

func newEnv(t testing.TB, maxConns int32) *env {
	t.Helper()
	pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) { cfg.MaxConns = maxConns })
	ctx := context.Background()
	if err := inbox.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `
		CREATE TABLE effects (id bigserial PRIMARY KEY, message_id text NOT NULL, body bytea);
		CREATE TABLE dead_letters (message_id text PRIMARY KEY, cause text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return &env{t: t, pool: pool}
}

// inbox returns an Inbox for consumer that dead-letters into dead_letters.
func (e *env) inbox(consumer string, maxFailures int) *inbox.Inbox {
	e.t.Helper()
	in, err := inbox.New(e.pool, inbox.Options{
		Consumer:    consumer,
		MaxFailures: maxFailures,
		DeadLetter: func(ctx context.Context, tx pgx.Tx, msg inbox.Message, cause string) error {
			_, err := tx.Exec(ctx, `INSERT INTO dead_letters (message_id, cause) VALUES ($1, $2)`, msg.ID, cause)
			return err
		},
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return in
}

// record is the handler of most tests: one effect row per execution.
func (e *env) record(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
	e.runs.Add(1)
	_, err := tx.Exec(ctx, `INSERT INTO effects (message_id, body) VALUES ($1, $2)`, msg.ID, msg.Body)
	return err
}

func (e *env) count(sql string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) effects(id string) int {
	return e.count(`SELECT count(*) FROM effects WHERE message_id = $1`, id)
}

func (e *env) failureRows(id string) int {
	return e.count(`SELECT count(*) FROM idemvet_inbox_failures WHERE message_id = $1`, id)
}

// broker simulates a queue with at-least-once delivery (AMQP, JetStream,
// SQS): a delivered message stays the broker's until it is acked; a nack,
// or a consumer that dies before acking, puts it back to be delivered
// again.
type broker struct {
	mu       sync.Mutex
	ready    []inbox.Message
	inFlight int
	acked    map[string]int
	// delivered counts deliveries per message id, redeliveries included.
	delivered map[string]int
}

func newBroker(msgs ...inbox.Message) *broker {
	return &broker{ready: msgs, acked: map[string]int{}, delivered: map[string]int{}}
}

// deliver hands out the next ready message, or false when none is ready.
func (b *broker) deliver() (inbox.Message, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.ready) == 0 {
		return inbox.Message{}, false
	}
	m := b.ready[0]
	b.ready = b.ready[1:]
	b.inFlight++
	b.delivered[m.ID]++
	return m, true
}

func (b *broker) ack(m inbox.Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inFlight--
	b.acked[m.ID]++
}

// redeliver takes the message back unacked: a nack, or the connection of
// a consumer that crashed.
func (b *broker) redeliver(m inbox.Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.inFlight--
	b.ready = append(b.ready, m)
}

func (b *broker) settled() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.ready) == 0 && b.inFlight == 0
}

// consume is a well-behaved consumer: it acks after Process succeeds and
// gives the message back otherwise, until the broker has nothing left or
// ctx ends. It returns the dispositions it saw.
func consume(ctx context.Context, b *broker, in *inbox.Inbox, h inbox.Handler) ([]inbox.Disposition, error) {
	var seen []inbox.Disposition
	for ctx.Err() == nil {
		m, ok := b.deliver()
		if !ok {
			if b.settled() {
				return seen, nil
			}
			time.Sleep(time.Millisecond) // another consumer holds the rest
			continue
		}
		d, err := in.Process(ctx, m, h)
		if err != nil {
			b.redeliver(m)
			var he *inbox.HandlerError
			if !errors.As(err, &he) && !isInProgress(err) {
				return seen, fmt.Errorf("unexpected error: %w", err)
			}
			continue
		}
		seen = append(seen, d)
		b.ack(m)
	}
	return seen, ctx.Err()
}

func ctxTimeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
