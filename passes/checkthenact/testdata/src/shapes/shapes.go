// Package shapes holds the ways real services test for absence and reach
// their store, each beside a near miss.
package shapes

import (
	"context"
	"database/sql"
	"errors"
)

type User struct {
	ID   int64
	Name string
}

type Session struct {
	ID   int64
	User string
}

// UserDatabase is the service's storage, behind an interface.
type UserDatabase interface {
	GetUserByName(name string) (*User, error)
	CreateUser(u *User) error
	CreateSession(s *Session) error
}

// A lookup through an interface, tested for a nil record, then a create.
func register(db UserDatabase, name string) error {
	existing, err := db.GetUserByName(name) // want `check-then-act race: the existence check GetUserByName`
	if err != nil {
		return err
	}
	if existing == nil {
		return db.CreateUser(&User{Name: name})
	}
	return nil
}

// Near miss: the create is of another entity (the method names say so).
func login(db UserDatabase, name string) error {
	existing, err := db.GetUserByName(name)
	if err != nil {
		return err
	}
	if existing == nil {
		return db.CreateSession(&Session{User: name})
	}
	return nil
}

type Store struct{ db *sql.DB }

// The ErrNoRows is swallowed; the zero key says the tag is absent.
func (s *Store) tagID(ctx context.Context, tx *sql.Tx, name string) (int64, error) {
	var tag struct {
		ID   int64
		Name string
	}
	err := tx.QueryRowContext(ctx, `SELECT id, name FROM tags WHERE name = $1`, name).Scan(&tag.ID, &tag.Name) // want `check-then-act race: the existence check on tags`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if tag.ID == 0 {
		res, err := tx.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
		if err != nil {
			return 0, err
		}
		return res.LastInsertId()
	}
	return tag.ID, nil
}

// Near miss: the insert runs when the key is set, i.e. the tag exists.
func (s *Store) tagUse(ctx context.Context, tx *sql.Tx, name string) error {
	var tag struct{ ID int64 }
	err := tx.QueryRowContext(ctx, `SELECT id FROM tags WHERE name = $1`, name).Scan(&tag.ID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if tag.ID != 0 {
		_, err := tx.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// The insert is a prepared statement.
func (s *Store) createAccount(ctx context.Context, tx *sql.Tx, name string) error {
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race: the existence check on accounts`
		return err
	}
	if exists {
		return errors.New("taken")
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO accounts (name) VALUES ($1)`)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, name)
	return err
}

// Near miss: the prepared insert is ON CONFLICT DO NOTHING.
func (s *Store) createAccountAtomic(ctx context.Context, tx *sql.Tx, name string) error {
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return errors.New("taken")
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO accounts (name) VALUES ($1) ON CONFLICT DO NOTHING`)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, name)
	return err
}

// CreateFeed checks and inserts inside: a finding of its own, and an
// insert to its callers.
func (s *Store) CreateFeed(ctx context.Context, url string) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM feeds WHERE url = $1`, url).Scan(&n); err != nil { // want `check-then-act race: the existence check on feeds`
		return err
	}
	if n == 0 {
		_, err := s.db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, url)
		return err
	}
	return nil
}

func (s *Store) FeedURLExists(ctx context.Context, url string) bool {
	var exists bool
	s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM feeds WHERE url = $1)`, url).Scan(&exists)
	return exists
}

func (s *Store) subscribe(ctx context.Context, url string) error {
	if s.FeedURLExists(ctx, url) { // want `check-then-act race: the existence check FeedURLExists`
		return errors.New("already subscribed")
	}
	return s.CreateFeed(ctx, url)
}

var ErrCategoryExists = errors.New("category exists")

// ErrNoCategory is what a loader returns for a missing category.
var ErrNoCategory = errors.New("no such category")

func (s *Store) categoryExists(ctx context.Context, title string) bool {
	var exists bool
	s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM categories WHERE title = $1)`, title).Scan(&exists)
	return exists
}

// A validator says "present" with its error.
func (s *Store) validateCategoryCreation(ctx context.Context, title string) error {
	if s.categoryExists(ctx, title) {
		return ErrCategoryExists
	}
	return nil
}

func (s *Store) createCategory(ctx context.Context, title string) error {
	if err := s.validateCategoryCreation(ctx, title); err != nil { // want `check-then-act race: the existence check validateCategoryCreation.*; no fix: a conditional insert picks one winner only under a unique constraint on categories covering what the check looks up, and which columns those are cannot be told$`
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO categories (title) VALUES ($1)`, title)
	return err
}

// Near miss: the insert runs when the validator found the category.
func (s *Store) touchCategory(ctx context.Context, title string) error {
	if err := s.validateCategoryCreation(ctx, title); err == nil {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO categories (title) VALUES ($1)`, title)
	return err
}

// Category is a category a loader fills in.
type Category struct {
	Title   string
	Counted bool
}

// getCategory loads the category into c and returns only an error: a
// missing row is its error, the opposite of a validator's.
func (s *Store) getCategory(ctx context.Context, c *Category) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM categories WHERE title = $1)`, c.Title).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return ErrNoCategory
	}
	c.Counted = true
	return nil
}

// Near miss (gogs's repo.getOwner): the insert runs after the loader
// found the category, as the validator's absent branch would look.
func (s *Store) countCategory(ctx context.Context, title string) error {
	c := &Category{Title: title}
	if err := s.getCategory(ctx, c); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO categories (title) VALUES ($1)`, title)
	return err
}

// ErrParentArchived is what a state validator returns.
var ErrParentArchived = errors.New("the parent category is archived")

// checkParentArchived returns an error when the parent category is
// archived: a state of another row, not the new one's existence.
func (s *Store) checkParentArchived(ctx context.Context, parent string) error {
	var archived bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM categories WHERE title = $1 AND archived)`, parent).Scan(&archived); err != nil {
		return err
	}
	if archived {
		return ErrParentArchived
	}
	return nil
}

// Near miss (vikunja's CreateProject after CheckIsArchived): the
// validator tests the parent's state; the insert makes a new row.
func (s *Store) createChildCategory(ctx context.Context, parent, title string) error {
	if err := s.checkParentArchived(ctx, parent); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO categories (title, parent) VALUES ($1, $2)`, title, parent)
	return err
}

// CreateFeedWithEntries inserts the feed and its first entries.
func (s *Store) CreateFeedWithEntries(ctx context.Context, url string, entries []string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, url); err != nil {
		return err
	}
	for _, e := range entries {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO entries (feed_url, hash) VALUES ($1, $2)`, url, e); err != nil {
			return err
		}
	}
	return nil
}

// RefreshEntries inserts entries only (and touches the feed's row).
func (s *Store) RefreshEntries(ctx context.Context, url string, entries []string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE feeds SET checked_at = now() WHERE url = $1`, url); err != nil {
		return err
	}
	for _, e := range entries {
		var n int
		s.db.QueryRowContext(ctx, `SELECT count(*) FROM entries WHERE hash = $1`, e).Scan(&n) // want `check-then-act race: the existence check on entries`
		if n == 0 {
			if _, err := s.db.ExecContext(ctx, `INSERT INTO entries (feed_url, hash) VALUES ($1, $2)`, url, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// A helper that inserts into two tables, one of them the checked one.
func (s *Store) importFeed(ctx context.Context, url string, entries []string) error {
	if s.FeedURLExists(ctx, url) { // want `check-then-act race: the existence check FeedURLExists`
		return nil
	}
	return s.CreateFeedWithEntries(ctx, url, entries)
}

// Near miss: the feed is checked, the helper inserts only entries.
func (s *Store) refreshFeed(ctx context.Context, url string, entries []string) error {
	if s.FeedURLExists(ctx, url) {
		return nil
	}
	return s.RefreshEntries(ctx, url, entries)
}

// The lookup reads a field of the record that is then created.
func registerRecord(db UserDatabase, name string) error {
	u := &User{Name: name}
	existing, err := db.GetUserByName(u.Name) // want `check-then-act race: the existence check GetUserByName`
	if err != nil {
		return err
	}
	if existing == nil {
		return db.CreateUser(u)
	}
	return nil
}

// Near miss: the record created is another one.
func registerOther(db UserDatabase, name, other string) error {
	u := &User{Name: name}
	existing, err := db.GetUserByName(u.Name)
	if err != nil {
		return err
	}
	if existing == nil {
		return db.CreateUser(&User{Name: other})
	}
	return nil
}

// refreshThroughHelper reaches the two-table insert through another
// helper: the tables travel with the summaries.
func (s *Store) syncFeed(ctx context.Context, url string, entries []string) error {
	return s.CreateFeedWithEntries(ctx, url, entries)
}

func (s *Store) importFeedIndirect(ctx context.Context, url string, entries []string) error {
	if s.FeedURLExists(ctx, url) { // want `check-then-act race: the existence check FeedURLExists`
		return nil
	}
	return s.syncFeed(ctx, url, entries)
}

// refreshIndirect reaches the entries-only insert through a helper that
// also touches the feed: still not an insert of the feed.
func (s *Store) refreshAll(ctx context.Context, url string, entries []string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE feeds SET refreshed = true WHERE url = $1`, url); err != nil {
		return err
	}
	return s.RefreshEntries(ctx, url, entries)
}

func (s *Store) refreshFeedIndirect(ctx context.Context, url string, entries []string) error {
	if s.FeedURLExists(ctx, url) {
		return nil
	}
	return s.refreshAll(ctx, url, entries)
}

var ErrUserExists = errors.New("user exists")

func isUniqueViolation(err error) bool { return err != nil && err.Error() == "23505" }

// AddUser maps the unique violation of its insert to ErrUserExists.
func (s *Store) AddUser(ctx context.Context, name string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1)`, name); err != nil {
		if isUniqueViolation(err) {
			return ErrUserExists
		}
		return err
	}
	return nil
}

// InsertUser does not.
func (s *Store) InsertUser(ctx context.Context, name string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1)`, name)
	return err
}

func (s *Store) UserExists(ctx context.Context, name string) bool {
	var exists bool
	s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE name = $1)`, name).Scan(&exists)
	return exists
}

// Near miss: the helper handles the duplicate behind the write (ntfy).
func (s *Store) signupHandled(ctx context.Context, name string) error {
	if s.UserExists(ctx, name) {
		return ErrUserExists
	}
	return s.AddUser(ctx, name)
}

func (s *Store) signupUnhandled(ctx context.Context, name string) error {
	if s.UserExists(ctx, name) { // want `check-then-act race: the existence check UserExists`
		return ErrUserExists
	}
	return s.InsertUser(ctx, name)
}
