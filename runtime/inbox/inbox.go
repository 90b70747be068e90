package inbox

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/runtime/claim"
)

// Message is what the inbox needs of a delivered message.
type Message struct {
	// ID is the producer's stable id for the message, the same on every
	// delivery of it: AMQP MessageId, the Nats-Msg-Id header, an event id in
	// the payload. Never a delivery tag, a stream sequence, an offset or a
	// receipt handle: those change when the broker delivers again.
	ID   string
	Body []byte
}

// Handler makes a message's effects. Every durable change goes through
// tx, which commits together with the record that the message is done, or
// not at all. It may run again after a failure or a crash before the
// commit, never after a commit; so it must not cause effects outside this
// database (record an outbox row instead).
type Handler func(ctx context.Context, tx pgx.Tx, msg Message) error

// DeadLetter takes a message the handler failed on Options.MaxFailures
// times. It runs in the transaction that records the message as done, so
// whatever it writes on tx (a dead_letters row) commits with that record.
// cause is the handler's last error, as text: it may come from an earlier
// delivery.
type DeadLetter func(ctx context.Context, tx pgx.Tx, msg Message, cause string) error

// Options configure an Inbox.
type Options struct {
	// Consumer names the handler. Required. Two consumers of one message
	// each process it once; renaming a consumer makes it process every
	// message again.
	Consumer string
	// MaxFailures is how many failed attempts make a message poison: the
	// last one hands it to DeadLetter. Default 5.
	MaxFailures int
	// DeadLetter receives poison messages. Required.
	DeadLetter DeadLetter
	// Claim configures the claims underneath (see claim.Options): TTL must
	// exceed the longest time the broker may deliver a message again, and
	// LockTimeout bounds how long a concurrent delivery of a message waits
	// for the one being processed.
	Claim claim.Options
}

// Disposition tells what became of a message; every disposition means the
// broker may forget it (ack).
type Disposition int

const (
	// Processed: the handler ran and its writes committed.
	Processed Disposition = iota + 1
	// Duplicate: an earlier delivery was processed or dead-lettered; the
	// handler did not run.
	Duplicate
	// DeadLettered: the handler failed MaxFailures times; DeadLetter took
	// the message.
	DeadLettered
)

func (d Disposition) String() string {
	switch d {
	case Processed:
		return "processed"
	case Duplicate:
		return "duplicate"
	case DeadLettered:
		return "dead-lettered"
	}
	return fmt.Sprintf("Disposition(%d)", int(d))
}

// Stored outcome statuses of the inbox's claims, in the HTTP range the
// claim package stores (it refuses others): 200 for a message processed,
// 422 for one handed to the dead-letter function.
const (
	statusProcessed    = http.StatusOK
	statusDeadLettered = http.StatusUnprocessableEntity
)

// operation is the claim operation under which messages are recorded.
const operation = "inbox"

// Inbox processes each message at most once per consumer. It is safe for
// concurrent use.
type Inbox struct {
	pool   *pgxpool.Pool
	claims *claim.Claimer
	opts   Options
}

// New returns an Inbox on pool. The tables must exist: see Migrate.
func New(pool *pgxpool.Pool, opts Options) (*Inbox, error) {
	if opts.Consumer == "" {
		return nil, errors.New("inbox: Options.Consumer is required")
	}
	if opts.DeadLetter == nil {
		return nil, errors.New("inbox: Options.DeadLetter is required: poison messages must go somewhere")
	}
	if opts.MaxFailures < 0 {
		return nil, fmt.Errorf("inbox: Options.MaxFailures %d: must not be negative", opts.MaxFailures)
	}
	if opts.MaxFailures == 0 {
		opts.MaxFailures = 5
	}
	claims, err := claim.New(pool, opts.Claim)
	if err != nil {
		return nil, fmt.Errorf("inbox: %w", err)
	}
	return &Inbox{pool: pool, claims: claims, opts: opts}, nil
}

// Process runs h for msg unless this consumer has already processed it,
// and tells the caller what became of it. Ack the message to the broker
// after Process returns a nil error, never before: a crash in between then
// delivers it again, and the redelivery is recognised as a Duplicate
// without running h.
//
// The record that msg is done (a claim keyed by consumer and message id),
// h's writes and the cleanup of its failure count commit in one
// transaction. A non-nil error means: do not ack, let the broker deliver
// again (Nack with requeue, Nak). The errors are a *HandlerError when h
// failed (its writes were rolled back and the failure counted); one that
// matches claim.ErrInProgress when another delivery of msg is being
// processed right now; ErrNoMessageID; and database errors.
func (in *Inbox) Process(ctx context.Context, msg Message, h Handler) (Disposition, error) {
	if msg.ID == "" {
		return 0, ErrNoMessageID
	}
	failed, lastErr, err := in.failures(ctx, msg.ID)
	if err != nil {
		return 0, err
	}
	if failed >= in.opts.MaxFailures {
		// An earlier delivery gave up, but dead-lettering did not commit.
		return in.deadLetter(ctx, msg, lastErr)
	}
	res, err := in.claims.Do(ctx, in.key(msg), nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if err := h(ctx, tx, msg); err != nil {
			return claim.Outcome{}, &handlerFailure{err}
		}
		// Always, not only when failures were seen above: a concurrent
		// delivery may have counted one since.
		if err := in.clearFailures(ctx, tx, msg.ID); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: statusProcessed}, nil
	})
	var hf *handlerFailure
	switch {
	case err == nil && res.Replayed:
		return Duplicate, nil
	case err == nil:
		return Processed, nil
	case !errors.As(err, &hf):
		return 0, err
	}
	n, countErr := in.recordFailure(ctx, msg.ID, hf.err)
	if countErr != nil {
		return 0, errors.Join(&HandlerError{MessageID: msg.ID, Failures: failed + 1, Err: hf.err}, countErr)
	}
	if n >= in.opts.MaxFailures {
		return in.deadLetter(ctx, msg, hf.err.Error())
	}
	return 0, &HandlerError{MessageID: msg.ID, Failures: n, Err: hf.err}
}

// deadLetter hands msg to Options.DeadLetter under the same claim as a
// successful run, so that it happens at most once and later deliveries
// are duplicates.
func (in *Inbox) deadLetter(ctx context.Context, msg Message, cause string) (Disposition, error) {
	res, err := in.claims.Do(ctx, in.key(msg), nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if err := in.opts.DeadLetter(ctx, tx, msg, cause); err != nil {
			return claim.Outcome{}, fmt.Errorf("inbox: dead-lettering message %q: %w", msg.ID, err)
		}
		if err := in.clearFailures(ctx, tx, msg.ID); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: statusDeadLettered}, nil
	})
	switch {
	case err != nil:
		return 0, err
	case res.Replayed:
		return Duplicate, nil
	}
	return DeadLettered, nil
}

func (in *Inbox) key(msg Message) claim.Key {
	return claim.Key{Scope: in.opts.Consumer, Operation: operation, Key: msg.ID}
}

// handlerFailure marks the handler's own error, as opposed to the claim's.
type handlerFailure struct{ err error }

func (f *handlerFailure) Error() string { return f.err.Error() }
func (f *handlerFailure) Unwrap() error { return f.err }

// Sweep deletes expired records of processed messages; see claim's Sweep.
func (in *Inbox) Sweep(ctx context.Context, batchSize int) (int64, error) {
	return in.claims.Sweep(ctx, batchSize)
}
