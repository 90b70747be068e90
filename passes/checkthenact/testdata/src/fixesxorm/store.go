// Package fixesxorm runs SQL through xorm on MySQL against the tables its
// models declare: the fix (INSERT IGNORE) is offered where the models'
// tags make the twin's row conflict.
package fixesxorm

import (
	_ "github.com/go-sql-driver/mysql"
	"xorm.io/xorm"
)

func register(engine *xorm.Engine, email string) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM user_account WHERE email = ?", email).Get(&id) // want `check-then-act race: [^;]*$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO user_account (email) VALUES (?)", email)
	return err
}

// The composite key of two UNIQUE(s) tags, one column named in the tag.
func star(engine *xorm.Engine, uid, repoID int64) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM repo_star WHERE uid = ? AND repo_id = ?", uid, repoID).Get(&id) // want `check-then-act race: [^;]*$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO repo_star (uid, repo_id) VALUES (?, ?)", uid, repoID)
	return err
}

// The table TableName returns.
func follow(engine *xorm.Engine, userID, followID int64) error {
	var id int64
	has, err := engine.SQL("SELECT user_id FROM follows WHERE user_id = ? AND follow_id = ?", userID, followID).Get(&id) // want `check-then-act race: [^;]*$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO follows (user_id, follow_id) VALUES (?, ?)", userID, followID)
	return err
}

// No fix: watch's (uid, repo_id) index is not unique.
func watchRepo(engine *xorm.Engine, uid, repoID int64) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM watch WHERE uid = ? AND repo_id = ?", uid, repoID).Get(&id) // want `; no fix: models.go declares no unique constraint on watch \(uid, repo_id\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY watch_uid_repo_id_key ON watch \(uid, repo_id\)\), or claim the key with runtime/claim$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO watch (uid, repo_id) VALUES (?, ?)", uid, repoID)
	return err
}

// No fix: snapshot has no key; its Id field is not a column.
func snapshot(engine *xorm.Engine, id int64) error {
	var name string
	has, err := engine.SQL("SELECT name FROM snapshot WHERE id = ?", id).Get(&name) // want `; no fix: models.go declares no unique constraint on snapshot \(id\)`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO snapshot (id, name) VALUES (?, '')", id)
	return err
}
