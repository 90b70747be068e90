// Package summaries holds helpers whose exported Summary facts the
// model's callers rely on, each beside a near miss.
package summaries

import (
	"context"
	"database/sql"
	"errors"
)

type Store struct{ db *sql.DB }

// A helper that checks and then inserts is an insert for its callers.
func (s *Store) CreateFeed(ctx context.Context, url string) error { // want CreateFeed:"^insert table=\"feed\""
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM feeds WHERE url = $1)`, url).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, url)
	return err
}

// Near miss: a check alone is a check.
func (s *Store) FeedExists(ctx context.Context, url string) (bool, error) { // want FeedExists:"^exists table=\"feed\""
	var exists bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM feeds WHERE url = $1)`, url).Scan(&exists)
	return exists, err
}

// A prepared statement runs the SQL it was prepared with.
func (s *Store) InsertTag(ctx context.Context, name string) error { // want InsertTag:"^insert table=\"tag\""
	stmt, err := s.db.PrepareContext(ctx, `INSERT INTO tags (name) VALUES ($1)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.ExecContext(ctx, name)
	return err
}

// Near miss: the prepared insert is conditional.
func (s *Store) InsertTagIfAbsent(ctx context.Context, name string) error { // want InsertTagIfAbsent:"^conditional insert table=\"tag\""
	stmt, err := s.db.PrepareContext(ctx, `INSERT INTO tags (name) VALUES ($1) ON CONFLICT DO NOTHING`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	_, err = stmt.ExecContext(ctx, name)
	return err
}

// A transition from an expected state is state-guarded.
func (s *Store) MarkShipped(ctx context.Context, id int64) error { // want MarkShipped:"^update table=\"order\".* stateguard=true"
	_, err := s.db.ExecContext(ctx, `UPDATE orders SET status = 'shipped' WHERE id = $1 AND status = 'paid'`, id)
	return err
}

// Near miss: an update by key alone is not.
func (s *Store) SetShipped(ctx context.Context, id int64) error { // want SetShipped:"^update table=\"order\".* stateguard=false"
	_, err := s.db.ExecContext(ctx, `UPDATE orders SET status = 'shipped' WHERE id = $1`, id)
	return err
}

// A validator: its only result is an error, non-nil when the row exists.
func (s *Store) ValidateFeed(ctx context.Context, url string) error { // want ValidateFeed:"^exists .*errwhenpresent=true"
	exists, err := s.FeedExists(ctx, url)
	if err != nil {
		return err
	}
	if exists {
		return errFeedExists
	}
	return nil
}

// Near miss: a check that returns its bool says presence with the bool.
func (s *Store) HasFeed(ctx context.Context, url string) (bool, error) { // want HasFeed:"^exists .*errwhenpresent=false"
	return s.FeedExists(ctx, url)
}

var errFeedExists = errors.New("feed exists")

// A helper that maps its insert's unique violation hands the duplicate on
// as its sentinel, for a caller to test.
func (s *Store) AddTag(ctx context.Context, name string) error { // want AddTag:"^insert .*handlesdup=false duperr=\"summaries.errTagExists\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
	if err != nil && err.Error() == "pq: duplicate key value violates unique constraint" {
		return errTagExists
	}
	return err
}

// One that answers it itself handles the duplicate.
func (s *Store) EnsureTag(ctx context.Context, name string) error { // want EnsureTag:"^insert .*handlesdup=true duperr=\"\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
	if err != nil && err.Error() == "pq: duplicate key value violates unique constraint" {
		return nil
	}
	return err
}

// Near miss: one that returns the error as it is does neither.
func (s *Store) PutTag(ctx context.Context, name string) error { // want PutTag:"^insert .*handlesdup=false duperr=\"\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
	return err
}

var errTagExists = errors.New("tag exists")

// A chain of helpers deeper than a few rounds of iteration: each is an
// insert for its caller, however deep the insert.
func (s *Store) chain1(ctx context.Context, url string) error { return s.chain2(ctx, url) } // want chain1:"^insert table=\"feed\""
func (s *Store) chain2(ctx context.Context, url string) error { return s.chain3(ctx, url) } // want chain2:"^insert table=\"feed\""
func (s *Store) chain3(ctx context.Context, url string) error { return s.chain4(ctx, url) } // want chain3:"^insert table=\"feed\""
func (s *Store) chain4(ctx context.Context, url string) error { return s.chain5(ctx, url) } // want chain4:"^insert table=\"feed\""
func (s *Store) chain5(ctx context.Context, url string) error { return s.chain6(ctx, url) } // want chain5:"^insert table=\"feed\""
func (s *Store) chain6(ctx context.Context, url string) error { // want chain6:"^insert table=\"feed\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, url)
	return err
}

// Near miss: a chain as deep that ends in no data access has no summary.
func (s *Store) plain1(url string) string { return s.plain2(url) }
func (s *Store) plain2(url string) string { return s.plain3(url) }
func (s *Store) plain3(url string) string { return s.plain4(url) }
func (s *Store) plain4(url string) string { return s.plain5(url) }
func (s *Store) plain5(url string) string { return url }

// Mutual recursion: both functions of the cycle insert.
func (s *Store) importTree(ctx context.Context, urls []string) error { // want importTree:"^insert table=\"feed\""
	for _, u := range urls {
		if err := s.importNode(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) importNode(ctx context.Context, url string) error { // want importNode:"^insert table=\"feed\""
	if _, err := s.db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, url); err != nil {
		return err
	}
	return s.importTree(ctx, nil)
}

// Parameter indices in a summary exclude the receiver, as the apis rows'
// do: the tx is parameter 1 of this method (ctx is 0).
func (s *Store) InsertTagTx(ctx context.Context, tx *sql.Tx, name string) error { // want InsertTagTx:"^insert table=\"tag\" handle=1/tx "
	_, err := tx.ExecContext(ctx, `INSERT INTO tag (name) VALUES ($1)`, name)
	return err
}

// The same helper as a function: the same indices.
func InsertTagTxFunc(ctx context.Context, tx *sql.Tx, name string) error { // want InsertTagTxFunc:"^insert table=\"tag\" handle=1/tx "
	_, err := tx.ExecContext(ctx, `INSERT INTO tag (name) VALUES ($1)`, name)
	return err
}

// A handle on the receiver's field is no parameter.
func (s *Store) InsertTagPool(ctx context.Context, name string) error { // want InsertTagPool:"^insert table=\"tag\" handle=-1/pool "
	_, err := s.db.ExecContext(ctx, `INSERT INTO tag (name) VALUES ($1)`, name)
	return err
}
