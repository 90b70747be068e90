package effect_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// payments stands for a provider's API with idempotency keys: Charge applies
// once per key, Lookup reports what a key did.
type payments struct {
	mu      sync.Mutex
	charges map[string]string
	calls   int
	flaky   bool // the first answer is lost (a timeout), after applying
}

func (p *payments) Charge(_ context.Context, idemKey string, amount int) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls++
	if _, ok := p.charges[idemKey]; !ok {
		p.charges[idemKey] = fmt.Sprintf("ch_%d_%d", len(p.charges)+1, amount)
	}
	if p.flaky {
		p.flaky = false
		return "", errors.New("read tcp: i/o timeout")
	}
	return p.charges[idemKey], nil
}

func (p *payments) Lookup(_ context.Context, idemKey string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	id, ok := p.charges[idemKey]
	return id, ok
}

func Example() {
	ctx := context.Background()
	dsn, drop := databaseURL("example") // your database
	defer drop()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	if err := effect.Migrate(ctx, pool); err != nil {
		log.Fatal(err)
	}

	provider := &payments{charges: map[string]string{}, flaky: true}
	charge := effect.Handler{
		Operation: "charge",
		Call: func(ctx context.Context, a effect.Attempt) ([]byte, error) {
			id, err := provider.Charge(ctx, a.DownstreamKey, 1250) // the same key on every dispatch
			return []byte(id), err                                 // an error: outcome unknown
		},
		Reconcile: func(ctx context.Context, a effect.Attempt) (effect.Verdict, []byte, error) {
			if id, ok := provider.Lookup(ctx, a.DownstreamKey); ok {
				return effect.Applied, []byte(id), nil
			}
			return effect.NotApplied, nil, nil // this provider guarantees a missing key never applies later
		},
		Finish: func(ctx context.Context, tx pgx.Tx, r effect.Result) error {
			return nil // e.g. UPDATE orders SET paid = true, in the transaction that records the charge
		},
	}
	runner, err := effect.New(pool, effect.Options{RetryDelay: 1}, charge)
	if err != nil {
		log.Fatal(err)
	}

	key := effect.Key{Scope: "tenant-42", Operation: "charge", Key: "order-1001"}
	_, err = runner.Run(ctx, key, []byte(`{"amount":1250}`))
	fmt.Println("first run:", errors.Is(err, effect.ErrUnknown))

	// A worker (here one pass; in production runner.Work) reconciles it:
	// the provider has the charge, so nothing is sent again.
	for {
		st, err := runner.ResumeDue(ctx, 10)
		if err != nil {
			log.Fatal(err)
		}
		if st.Completed > 0 {
			break
		}
	}
	res, err := runner.Run(ctx, key, []byte(`{"amount":1250}`))
	fmt.Println(res.State, string(res.Answer), res.Replayed, err)
	fmt.Println("provider calls:", provider.calls)
	// Output:
	// first run: true
	// completed ch_1_1250 true <nil>
	// provider calls: 1
}
