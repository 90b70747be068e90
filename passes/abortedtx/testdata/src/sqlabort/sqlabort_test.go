package sqlabort

import (
	"context"
	"database/sql"
	"log"
	"testing"
)

// Near miss: CommitAfterLoggedFailure's shape in a test, which checks the
// statements' errors on purpose (gatus runs its store's inserts on a
// committed transaction to see each one fail).
func TestStatementsAfterFailure(t *testing.T) {
	ctx := context.Background()
	var db *sql.DB
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET n = n + 1 WHERE key = $1`, "k"); err != nil {
		log.Print(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (key) VALUES ($1)`, "k"); err == nil {
		t.Error("the insert on the aborted transaction should fail")
	}
}
