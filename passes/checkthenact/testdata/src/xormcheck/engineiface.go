package xormcheck

import (
	"database/sql"

	"xorm.io/xorm"
)

// Engine is the part of xorm the code takes, so that a helper runs on the
// engine or inside a session alike (gogs's database.Engine): no type of
// the module implements it, *xorm.Engine and *xorm.Session do.
type Engine interface {
	Exec(sqlOrArgs ...any) (sql.Result, error)
	Get(beans ...any) (bool, error)
	Insert(beans ...any) (int64, error)
	Where(query any, args ...any) *xorm.Session
}

type Watch struct {
	ID     int64
	UserID int64
	RepoID int64
}

func isWatching(e Engine, userID, repoID int64) bool {
	has, _ := e.Get(&Watch{UserID: userID, RepoID: repoID})
	return has
}

// Two watches of one repository by one user both find no row and both
// insert one and count it.
func watchRepo(e Engine, userID, repoID int64) error {
	if isWatching(e, userID, repoID) { // want `check-then-act race: the existence check isWatching`
		return nil
	}
	if _, err := e.Insert(&Watch{UserID: userID, RepoID: repoID}); err != nil {
		return err
	}
	_, err := e.Exec("UPDATE repository SET num_watches = num_watches + 1 WHERE id = ?", repoID)
	return err
}

type Action struct {
	ID     int64
	UserID int64
	RepoID int64
}

// Near miss: what is inserted is a row of another table (an action in
// the feed), not the watch checked.
func noteUnwatched(e Engine, userID, repoID int64) error {
	if isWatching(e, userID, repoID) {
		return nil
	}
	_, err := e.Insert(&Action{UserID: userID, RepoID: repoID})
	return err
}

// Getter names no library type: its Get is left to the name rules,
// which do not take Get for a read.
type Getter interface {
	Get(beans ...any) (bool, error)
	Insert(beans ...any) (int64, error)
}

// Near miss: the interface mentions no library type, so nothing says
// xorm implements it.
func watchThroughGetter(g Getter, userID, repoID int64) error {
	if has, _ := g.Get(&Watch{UserID: userID, RepoID: repoID}); has {
		return nil
	}
	_, err := g.Insert(&Watch{UserID: userID, RepoID: repoID})
	return err
}
