package inbox_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/runtime/inbox"
)

// examplePool stands in for your application's pool: a pool on your
// database (databaseURL), the inbox tables created by Migrate, a ledger and
// a dead-letter table.
func examplePool(ctx context.Context) (*pgxpool.Pool, func()) {
	dsn, drop := databaseURL("example")
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := inbox.Migrate(ctx, pool); err != nil {
		log.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `
		CREATE TABLE ledger (event_id text NOT NULL, amount int NOT NULL);
		CREATE TABLE dead_letters (message_id text PRIMARY KEY, cause text NOT NULL)`); err != nil {
		log.Fatal(err)
	}
	return pool, func() { pool.Close(); drop() }
}

func Example() {
	ctx := context.Background()
	pool, cleanup := examplePool(ctx)
	defer cleanup()

	in, err := inbox.New(pool, inbox.Options{
		Consumer:    "ledger",
		MaxFailures: 2,
		DeadLetter: func(ctx context.Context, tx pgx.Tx, msg inbox.Message, cause string) error {
			_, err := tx.Exec(ctx, `INSERT INTO dead_letters (message_id, cause) VALUES ($1, $2)`, msg.ID, cause)
			return err
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	credit := func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if string(msg.Body) == "garbage" {
			return errors.New("cannot parse amount")
		}
		_, err := tx.Exec(ctx, `INSERT INTO ledger (event_id, amount) VALUES ($1, 100)`, msg.ID)
		return err
	}

	// The broker delivers evt-1 twice (the consumer crashed after its
	// commit, before its ack), then a poison message twice.
	for _, msg := range []inbox.Message{
		{ID: "evt-1", Body: []byte("100")},
		{ID: "evt-1", Body: []byte("100")},
		{ID: "evt-2", Body: []byte("garbage")},
		{ID: "evt-2", Body: []byte("garbage")},
	} {
		disp, err := in.Process(ctx, msg, credit)
		if err != nil {
			fmt.Printf("%s: not acked: %v\n", msg.ID, err)
			continue
		}
		fmt.Printf("%s: %v, ack\n", msg.ID, disp)
	}

	var rows, dead int
	pool.QueryRow(ctx, `SELECT count(*) FROM ledger`).Scan(&rows)
	pool.QueryRow(ctx, `SELECT count(*) FROM dead_letters`).Scan(&dead)
	fmt.Println("ledger rows:", rows, "dead letters:", dead)
	// Output:
	// evt-1: processed, ack
	// evt-1: duplicate, ack
	// evt-2: not acked: inbox: message "evt-2" failed (attempt 1): cannot parse amount
	// evt-2: dead-lettered, ack
	// ledger rows: 1 dead letters: 1
}
