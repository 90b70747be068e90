package mapdedup

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
)

const uniqueViolation = "23505"

type Tournament struct{ ID, Title string }

// Tournaments caches the rows of the tournaments table, loaded at start.
type Tournaments struct {
	mu   sync.Mutex
	byID map[string]*Tournament
	db   *sql.DB
}

// Near miss: the memory is a cache of the table; the insert answers its
// unique violation with the row already there, so after a restart (or on
// another replica) a second create reads it back instead of adding one.
func (t *Tournaments) Create(ctx context.Context, id, title string) (*Tournament, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	found := t.byID[id]
	if found != nil {
		return found, nil
	}
	_, err := t.db.ExecContext(ctx, `INSERT INTO tournaments (id, title) VALUES ($1, $2)`, id, title)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		if err := t.db.QueryRowContext(ctx, `SELECT title FROM tournaments WHERE id = $1`, id).Scan(&title); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	tr := &Tournament{ID: id, Title: title}
	t.byID[id] = tr
	return tr, nil
}

// The same insert without the answer: after a restart the memory is
// empty and a second create of one id fails on the unique key, or, with
// no unique key, adds the tournament twice.
func (t *Tournaments) CreateUnanswered(ctx context.Context, id, title string) (*Tournament, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	found := t.byID[id] // want `volatile dedup memory: the map t.byID is the only record that the key was handled and lives in this process`
	if found != nil {
		return found, nil
	}
	if _, err := t.db.ExecContext(ctx, `INSERT INTO tournaments (id, title) VALUES ($1, $2)`, id, title); err != nil {
		return nil, err
	}
	tr := &Tournament{ID: id, Title: title}
	t.byID[id] = tr
	return tr, nil
}
