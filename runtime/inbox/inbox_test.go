package inbox_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/inbox"
)

func isInProgress(err error) bool { return errors.Is(err, claim.ErrInProgress) }

// The consumer commits, then dies before its ack reaches the broker. The
// redelivery is recognised: no second effect, the handler does not run.
func TestCrashBetweenCommitAndAck(t *testing.T) {
	e := newEnv(t, 4)
	in := e.inbox("orders", 3)
	ctx := ctxTimeout(t, 30*time.Second)
	b := newBroker(inbox.Message{ID: "order-1", Body: []byte("x")})

	m, _ := b.deliver()
	d, err := in.Process(ctx, m, e.record)
	if err != nil || d != inbox.Processed {
		t.Fatalf("first delivery: %v, %v; want processed", d, err)
	}
	b.redeliver(m) // crash: committed, never acked

	seen, err := consume(ctx, b, in, e.record)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] != inbox.Duplicate {
		t.Errorf("redelivery: %v; want [duplicate]", seen)
	}
	if n := e.effects("order-1"); n != 1 {
		t.Errorf("%d effects; want 1", n)
	}
	if n := e.runs.Load(); n != 1 {
		t.Errorf("handler ran %d times; want 1", n)
	}
	if b.delivered["order-1"] != 2 || b.acked["order-1"] != 1 {
		t.Errorf("delivered %d, acked %d; want 2, 1", b.delivered["order-1"], b.acked["order-1"])
	}
}

// The consumer's connection dies after the handler's write, before the
// commit: nothing commits, and the redelivery runs the handler again,
// once.
func TestCrashBeforeCommit(t *testing.T) {
	e := newEnv(t, 4)
	in := e.inbox("orders", 3)
	ctx := ctxTimeout(t, 30*time.Second)
	b := newBroker(inbox.Message{ID: "order-2"})

	crashed := false
	h := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if err := e.record(ctx, tx, msg); err != nil {
			return err
		}
		if !crashed {
			crashed = true
			// The server ends this session mid-transaction, as when the
			// consumer's host dies.
			_, err := tx.Exec(ctx, `SELECT pg_terminate_backend(pg_backend_pid())`)
			return err
		}
		return nil
	}
	m, _ := b.deliver()
	if _, err := in.Process(ctx, m, h); err == nil {
		t.Fatal("the delivery whose connection died succeeded")
	}
	if n := e.effects("order-2"); n != 0 {
		t.Fatalf("%d effects after the crash; want 0", n)
	}
	b.redeliver(m)

	seen, err := consume(ctx, b, in, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] != inbox.Processed {
		t.Errorf("redelivery: %v; want [processed]", seen)
	}
	if n := e.effects("order-2"); n != 1 {
		t.Errorf("%d effects; want 1", n)
	}
	if n := e.runs.Load(); n != 2 {
		t.Errorf("handler ran %d times; want 2 (the crashed run and the redelivery)", n)
	}
	if n := e.failureRows("order-2"); n != 0 {
		t.Errorf("%d failure rows left after success; want 0", n)
	}
}

// Sixteen deliveries of one message are processed at once (a redelivery
// storm after a broker failover): one runs the handler, the others are
// duplicates or wait and are delivered again.
func TestConcurrentRedeliveries(t *testing.T) {
	const n = 16
	e := newEnv(t, n+2)
	in := e.inbox("orders", 3)
	ctx := ctxTimeout(t, 60*time.Second)
	msgs := make([]inbox.Message, n)
	for i := range msgs {
		msgs[i] = inbox.Message{ID: "order-3", Body: []byte("x")}
	}
	b := newBroker(msgs...)
	slow := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if err := e.record(ctx, tx, msg); err != nil {
			return err
		}
		time.Sleep(50 * time.Millisecond) // hold the claim while the others arrive
		return nil
	}

	var start, done sync.WaitGroup
	start.Add(1)
	results := make([][]inbox.Disposition, n)
	errs := make([]error, n)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			results[i], errs[i] = consume(ctx, b, in, slow)
		}()
	}
	start.Done()
	done.Wait()

	processed, duplicates := 0, 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("consumer %d: %v", i, errs[i])
		}
		for _, d := range results[i] {
			switch d {
			case inbox.Processed:
				processed++
			case inbox.Duplicate:
				duplicates++
			default:
				t.Errorf("consumer %d saw %v", i, d)
			}
		}
	}
	if processed != 1 || duplicates != n-1 {
		t.Errorf("%d processed, %d duplicates; want 1, %d", processed, duplicates, n-1)
	}
	if got := e.effects("order-3"); got != 1 {
		t.Errorf("%d effects; want 1", got)
	}
	if b.acked["order-3"] != n || !b.settled() {
		t.Errorf("acked %d of %d deliveries", b.acked["order-3"], n)
	}
}

// A handler that always fails is retried until MaxFailures, then the
// message is dead-lettered once and acked; later deliveries are
// duplicates. The failed attempts' writes are rolled back.
func TestPoisonMessageIsDeadLettered(t *testing.T) {
	e := newEnv(t, 4)
	in := e.inbox("orders", 3)
	ctx := ctxTimeout(t, 30*time.Second)
	errBroken := errors.New("cannot parse order")
	broken := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if err := e.record(ctx, tx, msg); err != nil {
			return err
		}
		return errBroken
	}
	b := newBroker(inbox.Message{ID: "order-4"})
	for attempt := 1; attempt < 3; attempt++ {
		m, _ := b.deliver()
		_, err := in.Process(ctx, m, broken)
		var he *inbox.HandlerError
		if !errors.As(err, &he) || he.Failures != attempt || !errors.Is(err, errBroken) {
			t.Fatalf("attempt %d: %v; want a HandlerError with %d failures", attempt, err, attempt)
		}
		b.redeliver(m)
	}
	m, _ := b.deliver()
	if d, err := in.Process(ctx, m, broken); err != nil || d != inbox.DeadLettered {
		t.Fatalf("attempt 3: %v, %v; want dead-lettered", d, err)
	}
	b.ack(m)
	if d, err := in.Process(ctx, m, broken); err != nil || d != inbox.Duplicate {
		t.Errorf("a later delivery: %v, %v; want duplicate", d, err)
	}
	if n := e.runs.Load(); n != 3 {
		t.Errorf("handler ran %d times; want 3", n)
	}
	if n := e.effects("order-4"); n != 0 {
		t.Errorf("%d effects of failed attempts committed; want 0", n)
	}
	if n := e.count(`SELECT count(*) FROM dead_letters WHERE message_id = 'order-4' AND cause = $1`, errBroken.Error()); n != 1 {
		t.Errorf("%d dead letters with the handler's error; want 1", n)
	}
	if n := e.failureRows("order-4"); n != 0 {
		t.Errorf("%d failure rows left after dead-lettering; want 0", n)
	}
}

// A handler that fails once and then succeeds is processed, not
// dead-lettered, and its failure count is cleared.
func TestTransientFailureRecovers(t *testing.T) {
	e := newEnv(t, 4)
	in := e.inbox("orders", 3)
	ctx := ctxTimeout(t, 30*time.Second)
	failed := false
	flaky := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if err := e.record(ctx, tx, msg); err != nil {
			return err
		}
		if !failed {
			failed = true
			return errors.New("downstream timeout")
		}
		return nil
	}
	b := newBroker(inbox.Message{ID: "order-5"})
	seen, err := consume(ctx, b, in, flaky)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0] != inbox.Processed {
		t.Errorf("dispositions %v; want [processed]", seen)
	}
	if n := e.effects("order-5"); n != 1 {
		t.Errorf("%d effects; want 1", n)
	}
	if n := e.count(`SELECT count(*) FROM dead_letters`); n != 0 {
		t.Errorf("%d dead letters; want 0", n)
	}
	if n := e.failureRows("order-5"); n != 0 {
		t.Errorf("%d failure rows left; want 0", n)
	}
}

// When dead-lettering itself fails, the next delivery dead-letters
// without running the handler again.
func TestDeadLetterFailureIsRetried(t *testing.T) {
	e := newEnv(t, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	dlqDown := true
	in, err := inbox.New(e.pool, inbox.Options{
		Consumer:    "orders",
		MaxFailures: 1,
		DeadLetter: func(ctx context.Context, tx pgx.Tx, msg inbox.Message, cause string) error {
			if dlqDown {
				return errors.New("dead-letter store unavailable")
			}
			_, err := tx.Exec(ctx, `INSERT INTO dead_letters (message_id, cause) VALUES ($1, $2)`, msg.ID, cause)
			return err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	broken := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		e.runs.Add(1)
		return errors.New("poison")
	}
	m := inbox.Message{ID: "order-6"}
	if _, err := in.Process(ctx, m, broken); err == nil {
		t.Fatal("dead-lettering failed, but Process reported success")
	}
	dlqDown = false
	if d, err := in.Process(ctx, m, broken); err != nil || d != inbox.DeadLettered {
		t.Fatalf("second delivery: %v, %v; want dead-lettered", d, err)
	}
	if n := e.runs.Load(); n != 1 {
		t.Errorf("handler ran %d times; want 1", n)
	}
	if n := e.count(`SELECT count(*) FROM dead_letters WHERE message_id = 'order-6' AND cause = 'poison'`); n != 1 {
		t.Errorf("%d dead letters; want 1", n)
	}
}

// Each consumer processes a message once; the same id under another
// consumer is another record.
func TestConsumersAreSeparate(t *testing.T) {
	e := newEnv(t, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	billing, shipping := e.inbox("billing", 3), e.inbox("shipping", 3)
	m := inbox.Message{ID: "order-7"}
	for _, step := range []struct {
		in   *inbox.Inbox
		want inbox.Disposition
	}{{billing, inbox.Processed}, {shipping, inbox.Processed}, {billing, inbox.Duplicate}, {shipping, inbox.Duplicate}} {
		if d, err := step.in.Process(ctx, m, e.record); err != nil || d != step.want {
			t.Fatalf("%v, %v; want %v", d, err, step.want)
		}
	}
	if n := e.effects("order-7"); n != 2 {
		t.Errorf("%d effects; want 2 (one per consumer)", n)
	}
}

// A message without a producer id is refused before anything runs.
func TestMessageWithoutID(t *testing.T) {
	e := newEnv(t, 2)
	in := e.inbox("orders", 3)
	if _, err := in.Process(context.Background(), inbox.Message{Body: []byte("x")}, e.record); !errors.Is(err, inbox.ErrNoMessageID) {
		t.Errorf("error %v; want ErrNoMessageID", err)
	}
	if n := e.runs.Load(); n != 0 {
		t.Errorf("handler ran %d times; want 0", n)
	}
}

func TestNewValidatesOptions(t *testing.T) {
	pool := &pgxpool.Pool{} // never used: validation fails first
	dl := func(context.Context, pgx.Tx, inbox.Message, string) error { return nil }
	for _, opts := range []inbox.Options{
		{DeadLetter: dl},
		{Consumer: "orders"},
		{Consumer: "orders", DeadLetter: dl, MaxFailures: -1},
	} {
		if _, err := inbox.New(pool, opts); err == nil {
			t.Errorf("New(%+v) accepted invalid options", opts)
		}
	}
}
