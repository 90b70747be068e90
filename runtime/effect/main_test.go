package effect_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5/pgxpool"
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

// newPool makes a database with the effects table.
func newPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := pgtest.NewPool(t)
	if err := effect.Migrate(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	return pool
}

// provider is a fake payment provider that honours idempotency keys and
// counts everything it is asked. A request runs for delay, whatever the
// client does meanwhile (a client timeout does not stop a payment), and is
// then applied once per downstream key.
type provider struct {
	mu       sync.Mutex
	requests int // Call invocations that reached the provider
	lookups  int // Reconcile invocations
	applied  int // distinct effects: charges made
	charges  map[string]*charge
	inflight sync.WaitGroup

	delay        time.Duration
	fail5xxFirst int  // answer this many requests 500 without applying
	fail5xxAfter int  // apply, then answer this many requests 500
	decline      bool // refuse every new charge
	ignoreKeys   bool // a provider without idempotency: every request charges
}

type charge struct {
	done     chan struct{}
	answer   []byte
	declined bool
}

var errProvider5xx = errors.New("provider: 500 Internal Server Error")

func newProvider(t testing.TB) *provider {
	p := &provider{charges: map[string]*charge{}}
	t.Cleanup(p.inflight.Wait) // no goroutine outlives its test
	return p
}

// charge is the provider's "create charge" endpoint.
func (p *provider) charge(ctx context.Context, key string, req []byte) ([]byte, error) {
	p.mu.Lock()
	p.requests++
	if p.ignoreKeys {
		key = fmt.Sprint(key, "#", p.requests)
	}
	c, seen := p.charges[key]
	if !seen && p.fail5xxFirst > 0 {
		p.fail5xxFirst--
		p.mu.Unlock()
		return nil, errProvider5xx
	}
	if !seen {
		c = &charge{done: make(chan struct{})}
		p.charges[key] = c
		if p.delay == 0 {
			p.apply(c, req) // at once: no goroutine to schedule under load
		} else {
			p.inflight.Add(1)
			go p.process(c, req)
		}
	}
	p.mu.Unlock()
	select {
	case <-c.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fail5xxAfter > 0 {
		p.fail5xxAfter--
		return nil, errProvider5xx
	}
	if c.declined {
		return nil, effect.Refuse(c.answer, errors.New("card declined"))
	}
	return c.answer, nil
}

// process applies c after the provider's delay.
func (p *provider) process(c *charge, req []byte) {
	defer p.inflight.Done()
	time.Sleep(p.delay)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.apply(c, req)
}

// apply charges (or declines) c; p.mu is held.
func (p *provider) apply(c *charge, req []byte) {
	if p.decline {
		c.declined, c.answer = true, []byte(`{"declined":true}`)
	} else {
		p.applied++
		c.answer = fmt.Appendf(nil, `{"charge":%d,"for":%s}`, p.applied, req)
	}
	close(c.done)
}

// lookup is the provider's "retrieve by idempotency key" endpoint.
func (p *provider) lookup(_ context.Context, key string) (effect.Verdict, []byte, error) {
	p.mu.Lock()
	p.lookups++
	c, seen := p.charges[key]
	p.mu.Unlock()
	if !seen {
		return effect.NotApplied, nil, nil
	}
	select {
	case <-c.done:
	default:
		return effect.Undetermined, nil, nil // still processing
	}
	if c.declined {
		return effect.Refused, c.answer, nil
	}
	return effect.Applied, c.answer, nil
}

func (p *provider) counts() (requests, lookups, applied int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.requests, p.lookups, p.applied
}

// handler is the "charge" Handler on p.
func (p *provider) handler() effect.Handler {
	return effect.Handler{
		Operation: "charge",
		Call: func(ctx context.Context, a effect.Attempt) ([]byte, error) {
			return p.charge(ctx, a.DownstreamKey, a.Request)
		},
		Reconcile: func(ctx context.Context, a effect.Attempt) (effect.Verdict, []byte, error) {
			return p.lookup(ctx, a.DownstreamKey)
		},
	}
}

// fastOptions keep leases and rests short so that tests run in
// milliseconds, yet long enough for a call and its record under -race.
func fastOptions() effect.Options {
	return effect.Options{Lease: 800 * time.Millisecond, CallTimeout: 200 * time.Millisecond, RetryDelay: 20 * time.Millisecond}
}

func newRunner(t testing.TB, pool *pgxpool.Pool, opts effect.Options, handlers ...effect.Handler) *effect.Runner {
	t.Helper()
	r, err := effect.New(pool, opts, handlers...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func key(k string) effect.Key { return effect.Key{Scope: "tenant-1", Operation: "charge", Key: k} }

// settle runs worker passes until the operation is terminal, or fails the
// test after a bound.
func settle(t testing.TB, r *effect.Runner, pool *pgxpool.Pool, k effect.Key) effect.State {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if s := state(t, pool, k); s.Terminal() {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v did not settle: still %s", k, state(t, pool, k))
		}
		if _, err := r.ResumeDue(context.Background(), 10); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func state(t testing.TB, pool *pgxpool.Pool, k effect.Key) effect.State {
	t.Helper()
	var s string
	err := pool.QueryRow(context.Background(),
		"SELECT state FROM idemvet_effects WHERE scope = $1 AND operation = $2 AND key = $3",
		k.Scope, k.Operation, k.Key).Scan(&s)
	if err != nil {
		t.Fatal(err)
	}
	return effect.State(s)
}
