package claim_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// examplePool stands in for your application's pool: a pool on your
// database (databaseURL), the claims table created by Migrate (run it once,
// at deploy time, or apply claim.SchemaSQL with your migration tool), and a
// payments table.
func examplePool(ctx context.Context) (*pgxpool.Pool, func()) {
	dsn, drop := databaseURL("example")
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatal(err)
	}
	if err := claim.Migrate(ctx, pool); err != nil {
		log.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "CREATE TABLE payments (id bigserial PRIMARY KEY, amount int NOT NULL)"); err != nil {
		log.Fatal(err)
	}
	return pool, func() { pool.Close(); drop() }
}

func Example() {
	ctx := context.Background()
	pool, cleanup := examplePool(ctx)
	defer cleanup()

	claims, err := claim.New(pool, claim.Options{})
	if err != nil {
		log.Fatal(err)
	}

	// One intent: the client minted the key once and retries with it.
	key := claim.Key{Scope: "tenant-42", Operation: "POST /payments", Key: "8e0f7c1a"}
	request := map[string]any{"amount": 1250, "currency": "EUR"}
	fingerprint, _ := claim.FingerprintJSON(request)

	createPayment := func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		var id int64
		if err := tx.QueryRow(ctx, "INSERT INTO payments (amount) VALUES ($1) RETURNING id", 1250).Scan(&id); err != nil {
			return claim.Outcome{}, err // rolls back: the key stays free for a retry
		}
		return claim.Outcome{Status: 201, Body: fmt.Appendf(nil, `{"id":%d}`, id)}, nil
	}

	for attempt := 1; attempt <= 2; attempt++ {
		res, err := claims.Do(ctx, key, fingerprint, createPayment)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("attempt %d: %d %s replayed=%v\n", attempt, res.Outcome.Status, res.Outcome.Body, res.Replayed)
	}

	// The same key with another payload is refused, not replayed.
	other, _ := claim.FingerprintJSON(map[string]any{"amount": 9999, "currency": "EUR"})
	_, err = claims.Do(ctx, key, other, createPayment)
	code, _ := claim.HTTPStatus(err)
	fmt.Println(errors.Is(err, claim.ErrFingerprintMismatch), code)

	var payments int
	pool.QueryRow(ctx, "SELECT count(*) FROM payments").Scan(&payments)
	fmt.Println("payments:", payments)
	// Output:
	// attempt 1: 201 {"id":1} replayed=false
	// attempt 2: 201 {"id":1} replayed=true
	// true 422
	// payments: 1
}

// ExampleSQLClaimer is the same protocol over database/sql, here with pgx's
// stdlib driver ("pgx"); lib/pq ("postgres") works the same. The function
// gets the *sql.Tx that holds the claim; libraries built on database/sql
// (gorm, sqlx, bun, ent) can run on it, see the README.
func ExampleSQLClaimer() {
	ctx := context.Background()
	dsn, drop := databaseURL("example_sql") // your database
	defer drop()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	claims, err := claim.NewSQL(db, claim.Options{})
	if err != nil {
		log.Fatal(err)
	}
	if err := claims.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE payments (id bigserial PRIMARY KEY, amount int NOT NULL)"); err != nil {
		log.Fatal(err)
	}

	key := claim.Key{Scope: "tenant-42", Operation: "POST /payments", Key: "8e0f7c1a"}
	createPayment := func(ctx context.Context, tx *sql.Tx) (claim.Outcome, error) {
		var id int64
		if err := tx.QueryRowContext(ctx, "INSERT INTO payments (amount) VALUES ($1) RETURNING id", 1250).Scan(&id); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 201, ResourceID: fmt.Sprint(id)}, nil
	}
	for attempt := 1; attempt <= 2; attempt++ {
		res, err := claims.Do(ctx, key, nil, createPayment)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("attempt %d: %d id=%s replayed=%v\n", attempt, res.Outcome.Status, res.Outcome.ResourceID, res.Replayed)
	}
	// Output:
	// attempt 1: 201 id=1 replayed=false
	// attempt 2: 201 id=1 replayed=true
}
