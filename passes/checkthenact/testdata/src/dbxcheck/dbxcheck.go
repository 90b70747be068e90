// Package dbxcheck runs its statements through pocketbase/dbx: raw SQL
// with {:name} placeholders, and the builder.
package dbxcheck

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
)

type User struct {
	ID    string
	Email string
}

// Two sign-ups with one e-mail both find none and both insert.
func SignUp(ctx context.Context, db *dbx.DB, id, email string) error {
	var u User
	err := db.NewQuery(`SELECT id, email FROM users WHERE email = {:email}`).Bind(dbx.Params{"email": email}).WithContext(ctx).One(&u) // want `check-then-act race: the existence check on users`
	if err == nil {
		return errors.New("taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.NewQuery(`INSERT INTO users (id, email) VALUES ({:id}, {:email})`).Bind(dbx.Params{"id": id, "email": email}).Execute()
	return err
}

// Near miss: the insert is the one step, and its rows affected tells the
// loser.
func SignUpOnce(ctx context.Context, db *dbx.DB, id, email string) (bool, error) {
	res, err := db.NewQuery(`INSERT INTO users (id, email) VALUES ({:id}, {:email}) ON CONFLICT (email) DO NOTHING`).Bind(dbx.Params{"id": id, "email": email}).WithContext(ctx).Execute()
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// The builder: Select().From().Where(HashExp), then Insert.
func Invite(db dbx.Builder, team, email string) error {
	var n int
	if err := db.Select("count(*)").From("invites").Where(dbx.HashExp{"team_id": team, "email": email}).Row(&n); err != nil { // want `check-then-act race: the existence check on invites`
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.Insert("invites", dbx.Params{"team_id": team, "email": email}).Execute()
	return err
}

// Near miss: the count is of another team's invites than the insert's
// table: a log of what was sent.
func InviteLogged(db dbx.Builder, team, email string) error {
	var n int
	if err := db.Select("count(*)").From("invites").Where(dbx.HashExp{"team_id": team, "email": email}).Row(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.Insert("invite_attempts", dbx.Params{"team_id": team, "email": email}).Execute()
	return err
}

// An upsert by hand through the builder: the update finds no row for
// two first calls, and both insert.
func SetSetting(db dbx.Builder, key, value string) error {
	res, err := db.Update("settings", dbx.Params{"value": value}, dbx.HashExp{"key": key}).Execute() // want `update-else-insert race: when the update of settings changes no row`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = db.Insert("settings", dbx.Params{"key": key, "value": value}).Execute()
	}
	return err
}

// Near miss: the same in a transaction that locks the parent row first.
func SetSettingLocked(db *dbx.DB, owner, key, value string) error {
	return db.Transactional(func(tx *dbx.Tx) error {
		if _, err := tx.NewQuery(`SELECT id FROM owners WHERE id = {:id} FOR UPDATE`).Bind(dbx.Params{"id": owner}).Execute(); err != nil {
			return err
		}
		res, err := tx.Update("settings", dbx.Params{"value": value}, dbx.HashExp{"key": key}).Execute()
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			_, err = tx.Insert("settings", dbx.Params{"key": key, "value": value}).Execute()
		}
		return err
	})
}
