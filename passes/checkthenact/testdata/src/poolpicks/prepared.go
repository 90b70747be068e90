package poolpicks

import (
	"context"
	"database/sql"
)

// A storage layer that prepares its statements once into struct fields,
// through a list it hands to a preparing helper (Dendrite's
// sqlutil.StatementList), and runs them bound to the caller's transaction
// through a helper (sqlutil.TxStmt).

const selectKeySQL = `SELECT key_id, key_json FROM device_keys_pool WHERE user_id = $1 LIMIT 1`

const deleteKeySQL = `DELETE FROM device_keys_pool WHERE user_id = $1 AND key_id = $2`

type statementList []struct {
	Statement **sql.Stmt
	SQL       string
}

func (l statementList) prepare(db *sql.DB) (err error) {
	for _, s := range l {
		if *s.Statement, err = db.Prepare(s.SQL); err != nil {
			return err
		}
	}
	return nil
}

// txStmt runs statement on transaction when there is one.
func txStmt(transaction *sql.Tx, statement *sql.Stmt) *sql.Stmt {
	if transaction != nil {
		return transaction.Stmt(statement)
	}
	return statement
}

type keyStatements struct {
	selectKeyStmt *sql.Stmt
	deleteKeyStmt *sql.Stmt
	countStmt     *sql.Stmt
}

func newKeyStatements(db *sql.DB) (*keyStatements, error) {
	s := &keyStatements{}
	if err := (statementList{
		{&s.selectKeyStmt, selectKeySQL},
		{&s.deleteKeyStmt, deleteKeySQL},
	}.prepare(db)); err != nil {
		return nil, err
	}
	var err error
	s.countStmt, err = db.Prepare(`SELECT count(*) FROM device_keys_pool WHERE user_id = $1`)
	return s, err
}

// claim is claimOneTimeKey on prepared statements.
func (s *keyStatements) claim(ctx context.Context, txn *sql.Tx, userID string) (string, error) {
	var keyID, keyJSON string
	if err := txStmt(txn, s.selectKeyStmt).QueryRowContext(ctx, userID).Scan(&keyID, &keyJSON); err != nil { // want `pop race: the row read here is one of many its WHERE matches \(LIMIT 1\), and the delete of device_keys_pool at line 64 takes it`
		return "", err
	}
	_, err := txStmt(txn, s.deleteKeyStmt).ExecContext(ctx, userID, keyID)
	return keyJSON, err
}

// Near miss: the statement run is a count, read from the field a Prepare
// call fills; nothing is picked.
func (s *keyStatements) count(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.countStmt.QueryRowContext(ctx, userID).Scan(&n)
	return n, err
}

// pickStatements' pick is prepared from a different statement by each
// constructor: which one a method runs is not known.
type pickStatements struct {
	pickStmt *sql.Stmt
	dropStmt *sql.Stmt
}

func newOldestPicker(db *sql.DB) (p pickStatements, err error) {
	if p.pickStmt, err = db.Prepare(`SELECT id, body FROM outbox WHERE queue = $1 ORDER BY id LIMIT 1`); err != nil {
		return p, err
	}
	p.dropStmt, err = db.Prepare(`DELETE FROM outbox WHERE id = $1`)
	return p, err
}

func newByIDPicker(db *sql.DB) (p pickStatements, err error) {
	if p.pickStmt, err = db.Prepare(`SELECT id, body FROM outbox WHERE id = $1`); err != nil {
		return p, err
	}
	p.dropStmt, err = db.Prepare(`DELETE FROM outbox WHERE id = $1`)
	return p, err
}

// Near miss: the pick's statement is one of two.
func (p pickStatements) take(ctx context.Context, arg string) (string, error) {
	var id int64
	var body string
	if err := p.pickStmt.QueryRowContext(ctx, arg).Scan(&id, &body); err != nil {
		return "", err
	}
	_, err := p.dropStmt.ExecContext(ctx, id)
	return body, err
}

// A preparing helper used as a function value fills a struct literal
// (goalert's p := prep.P; &Store{insert: p(`INSERT ...`)}).
type preparer struct{ db *sql.DB }

func (p *preparer) P(query string) *sql.Stmt {
	s, _ := p.db.Prepare(query)
	return s
}

type jobStatements struct {
	pick *sql.Stmt
	drop *sql.Stmt
}

func newJobStatements(db *sql.DB) *jobStatements {
	prep := &preparer{db: db}
	p := prep.P
	return &jobStatements{
		pick: p(`SELECT id, body FROM jobs_pool WHERE queue = $1 LIMIT 1`),
		drop: p(`DELETE FROM jobs_pool WHERE id = $1`),
	}
}

// take hands the same job to two workers.
func (s *jobStatements) take(ctx context.Context, queue string) (string, error) {
	var id int64
	var body string
	if err := s.pick.QueryRowContext(ctx, queue).Scan(&id, &body); err != nil { // want `pop race: the row read here is one of many its WHERE matches \(LIMIT 1\), and the delete of jobs_pool at line \d+ takes it`
		return "", err
	}
	_, err := s.drop.ExecContext(ctx, id)
	return body, err
}
