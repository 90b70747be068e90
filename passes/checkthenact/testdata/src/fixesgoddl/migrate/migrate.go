// Package migrate creates the schema from Go at start-up. No package
// imports it but main, so the store's analysis sees it only by reading the
// module's Go files.
package migrate

import "database/sql"

const accounts = `CREATE TABLE IF NOT EXISTS accounts (
	id bigserial PRIMARY KEY,
	email text NOT NULL
);`

// Literals joined by + are one statement.
var statements = []string{
	accounts,
	"CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_key " +
		"ON accounts (email);",
	`CREATE TABLE IF NOT EXISTS ledger (id bigserial PRIMARY KEY, key text NOT NULL)`,
}

// A prefix joined from a variable: the table's name cannot be read, so
// these strings declare nothing (invites stays undeclared).
var prefix = "app_"

var invites = "CREATE TABLE " + prefix + "invites (code text UNIQUE)"

func Up(db *sql.DB) error {
	for _, s := range statements {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	_, err := db.Exec(invites)
	return err
}
