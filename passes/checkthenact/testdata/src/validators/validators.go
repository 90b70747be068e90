// Package validators checks uniqueness in a helper that returns only an
// error: nil when no row holds the name (or the row is the caller's
// own), a validation error when another row does.
package validators

import (
	"context"
	"database/sql"
	"errors"
)

var ErrNotFound = errors.New("not found")

type User struct {
	ID       string
	UserName string
}

type Users struct{ db *sql.DB }

func (r *Users) FindByUsername(ctx context.Context, name string) (*User, error) {
	var u User
	err := r.db.QueryRowContext(ctx, `SELECT id, user_name FROM users WHERE user_name = $1`, name).Scan(&u.ID, &u.UserName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &u, err
}

func (r *Users) insert(ctx context.Context, u *User) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO users (id, user_name) VALUES ($1, $2)`, u.ID, u.UserName)
	return err
}

type ValidationError struct{ Field string }

func (e *ValidationError) Error() string { return e.Field + " is taken" }

func validateUsernameUnique(ctx context.Context, r *Users, u *User) error {
	found, err := r.FindByUsername(ctx, u.UserName)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if found.ID != u.ID {
		return &ValidationError{Field: "userName"}
	}
	return nil
}

// Two creations of one user name both pass the validator and both
// insert.
func (r *Users) Save(ctx context.Context, u *User) error {
	if err := validateUsernameUnique(ctx, r, u); err != nil { // want `check-then-act race: the existence check validateUsernameUnique`
		return err
	}
	return r.insert(ctx, u)
}

// ensureUser is the other verdict: an error when the user is missing.
func ensureUser(ctx context.Context, r *Users, name string) error {
	_, err := r.FindByUsername(ctx, name)
	if errors.Is(err, ErrNotFound) {
		return errors.New("no such user")
	}
	return err
}

// Near miss: the insert runs when the user is there (an alias of an
// existing user), which the validator's nil says, not "free".
func (r *Users) AddAlias(ctx context.Context, u *User) error {
	if err := ensureUser(ctx, r, u.UserName); err != nil {
		return err
	}
	return r.insert(ctx, u)
}

// NotFoundError is what an assertion returns when the row it asks about
// is missing, as ent's NotFoundError.
type NotFoundError struct{}

func (e *NotFoundError) Error() string { return "not found" }

// assertUserExists fails when the user is missing: its error says
// absent, and nil that the row is there.
func assertUserExists(ctx context.Context, r *Users, id string) error {
	var ok bool
	err := r.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, id).Scan(&ok)
	if err != nil {
		return err
	}
	if !ok {
		return &NotFoundError{}
	}
	return nil
}

// Near miss: the assertion lets the insert of a new user who reports to
// the manager through only when the manager is there; nothing absent is
// created.
func addReport(ctx context.Context, r *Users, managerID, id, name string) error {
	if err := assertUserExists(ctx, r, managerID); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, `INSERT INTO users (id, user_name, manager_id) VALUES ($1, $2, $3)`, id, name, managerID)
	return err
}
