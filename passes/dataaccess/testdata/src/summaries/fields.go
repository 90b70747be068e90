package summaries

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

const tableTokens = "tokens"

// SQLProvider keeps its statements in fields its constructor builds once
// (authelia's storage.SQLProvider): each field holds one statement.
type SQLProvider struct {
	db *sqlx.DB

	sqlSelectToken string
	sqlInsertToken string
	sqlUpsertToken string
	// sqlToken is set to a select by one constructor and to an insert by
	// the other: what it runs is not known.
	sqlToken string
	// sqlCustom comes from the caller: its text is not visible.
	sqlCustom string
}

// WithCustom sets a statement its caller chose.
func (p *SQLProvider) WithCustom(q string) *SQLProvider { // want WithCustom:"assigns 0:sqlCustom$"
	p.sqlCustom = q
	return p
}

func NewSQLProvider(db *sqlx.DB) *SQLProvider {
	return &SQLProvider{
		db:             db,
		sqlSelectToken: fmt.Sprintf(`SELECT EXISTS(SELECT 1 FROM %s WHERE token = ?)`, tableTokens),
		sqlInsertToken: fmt.Sprintf(`INSERT INTO %s (token) VALUES (?)`, tableTokens),
		sqlCustom:      `INSERT INTO tokens (token) VALUES (?)`,
		sqlToken:       fmt.Sprintf(`SELECT EXISTS(SELECT 1 FROM %s WHERE token = ?)`, tableTokens),
	}
}

// NewPostgreSQLProvider rebinds the placeholders: still the same
// statements.
func NewPostgreSQLProvider(db *sqlx.DB) *SQLProvider {
	p := NewSQLProvider(db)
	p.sqlSelectToken = p.db.Rebind(p.sqlSelectToken)
	p.sqlInsertToken = p.db.Rebind(p.sqlInsertToken)
	p.sqlUpsertToken = `INSERT INTO tokens (token) VALUES ($1) ON CONFLICT DO NOTHING`
	p.sqlToken = `INSERT INTO tokens (token) VALUES ($1)`
	return p
}

func (p *SQLProvider) TokenKnown(ctx context.Context, token string) (known bool, err error) { // want TokenKnown:"^exists table=\"token\""
	err = p.db.GetContext(ctx, &known, p.sqlSelectToken, token)
	return known, err
}

func (p *SQLProvider) SaveToken(ctx context.Context, token string) error { // want SaveToken:"^insert table=\"token\""
	_, err := p.db.ExecContext(ctx, p.sqlInsertToken, token)
	return err
}

// Near miss: the upsert field holds a conditional insert.
func (p *SQLProvider) SaveTokenOnce(ctx context.Context, token string) error { // want SaveTokenOnce:"^conditional insert table=\"token\""
	_, err := p.db.ExecContext(ctx, p.sqlUpsertToken, token)
	return err
}

// Near miss: a field assigned two different statements is unknown; the
// method has no summary.
func (p *SQLProvider) RunToken(ctx context.Context, token string) error {
	_, err := p.db.ExecContext(ctx, p.sqlToken, token)
	return err
}

// Near miss: the statement comes from a parameter.
func (p *SQLProvider) RunCustom(ctx context.Context, token string) error {
	_, err := p.db.ExecContext(ctx, p.sqlCustom, token)
	return err
}
