// Package unstar holds the present branch of a check: find the row,
// delete it, then take one from a count, in the shapes services write it
// (xorm engines, database/sql stores, gorm transactions).
package unstar

import (
	"context"
	"database/sql"

	"xorm.io/xorm"
)

type Star struct {
	ID     int64
	UserID int64
	RepoID int64
}

type Watch struct {
	ID     int64
	UserID int64
	RepoID int64
}

var x *xorm.Engine

// isStarring is a helper a few lines away, as services keep it.
func isStarring(userID, repoID int64) bool {
	has, _ := x.Get(&Star{UserID: userID, RepoID: repoID})
	return has
}

// Two unstars both see the star, both delete it (the second deletes
// nothing) and both decrement the count.
func Unstar(userID, repoID int64) error {
	has, err := x.Get(&Star{UserID: userID, RepoID: repoID}) // want `status-gate race: the existence check Get finds the row, the delete at line \d+ removes it and the update of repository at line \d+ adjusts a count relatively`
	if err != nil {
		return err
	} else if !has {
		return nil
	}
	if _, err := x.Delete(&Star{UserID: userID, RepoID: repoID}); err != nil {
		return err
	}
	_, err = x.Exec("UPDATE repository SET num_stars = num_stars - 1 WHERE id = ?", repoID)
	return err
}

// Near miss: the decrement runs only when the delete removed the row.
func UnstarCounted(userID, repoID int64) error {
	has, err := x.Get(&Star{UserID: userID, RepoID: repoID})
	if err != nil {
		return err
	} else if !has {
		return nil
	}
	n, err := x.Delete(&Star{UserID: userID, RepoID: repoID})
	if err != nil || n == 0 {
		return err
	}
	_, err = x.Exec("UPDATE repository SET num_stars = num_stars - 1 WHERE id = ?", repoID)
	return err
}

// Near miss: the count is recomputed, not adjusted: two runs leave it
// right.
func UnstarRecount(userID, repoID int64) error {
	has, err := x.Get(&Star{UserID: userID, RepoID: repoID})
	if err != nil {
		return err
	} else if !has {
		return nil
	}
	if _, err := x.Delete(&Star{UserID: userID, RepoID: repoID}); err != nil {
		return err
	}
	_, err = x.Exec("UPDATE repository SET num_stars = (SELECT count(*) FROM star WHERE repo_id = ?) WHERE id = ?", repoID, repoID)
	return err
}

// In a session with the count taken through xorm's Decr.
func Unwatch(userID, repoID int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	w := new(Watch)
	has, err := sess.Where("user_id = ? AND repo_id = ?", userID, repoID).Get(w) // want `status-gate race: the existence check Get finds the row, the delete at line \d+ removes it and Update at line \d+ adjusts a count relatively`
	if err != nil {
		return err
	} else if !has {
		return nil
	}
	if _, err := sess.ID(w.ID).Delete(w); err != nil {
		return err
	}
	if _, err := sess.Table("repository").ID(repoID).Decr("num_watches").Update(new(Repository)); err != nil {
		return err
	}
	return sess.Commit()
}

// Near miss: the watch is read FOR UPDATE: the second caller waits, then
// finds no row.
func UnwatchLocked(userID, repoID int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	w := new(Watch)
	has, err := sess.Where("user_id = ? AND repo_id = ?", userID, repoID).ForUpdate().Get(w)
	if err != nil {
		return err
	} else if !has {
		return nil
	}
	if _, err := sess.ID(w.ID).Delete(w); err != nil {
		return err
	}
	if _, err := sess.Table("repository").ID(repoID).Decr("num_watches").Update(new(Repository)); err != nil {
		return err
	}
	return sess.Commit()
}

type Repository struct {
	ID         int64
	NumWatches int
}

// A store on database/sql: the membership is found by a query, deleted
// by id, and the organisation's member count taken down.
type Orgs struct{ db *sql.DB }

func (o *Orgs) RemoveMember(ctx context.Context, orgID, userID int64) error {
	var id int64
	err := o.db.QueryRowContext(ctx, `SELECT id FROM org_users WHERE org_id = $1 AND user_id = $2`, orgID, userID).Scan(&id) // want `status-gate race: the existence check on org_users finds the row, the delete at line \d+ removes it and the update of orgs at line \d+ adjusts a count relatively`
	if err == sql.ErrNoRows {
		return nil
	} else if err != nil {
		return err
	}
	if _, err := o.db.ExecContext(ctx, `DELETE FROM org_users WHERE id = $1`, id); err != nil {
		return err
	}
	_, err = o.db.ExecContext(ctx, `UPDATE orgs SET num_members = num_members - 1 WHERE id = $1`, orgID)
	return err
}

// Near miss: rows affected gates the decrement.
func (o *Orgs) RemoveMemberCounted(ctx context.Context, orgID, userID int64) error {
	var id int64
	err := o.db.QueryRowContext(ctx, `SELECT id FROM org_users WHERE org_id = $1 AND user_id = $2`, orgID, userID).Scan(&id)
	if err == sql.ErrNoRows {
		return nil
	} else if err != nil {
		return err
	}
	res, err := o.db.ExecContext(ctx, `DELETE FROM org_users WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil
	}
	_, err = o.db.ExecContext(ctx, `UPDATE orgs SET num_members = num_members - 1 WHERE id = $1`, orgID)
	return err
}

// gogs's shape: the check is a helper's bool.
func UnstarHelper(userID, repoID int64) error {
	if !isStarring(userID, repoID) { // want `status-gate race: the existence check isStarring finds the row, the delete at line \d+ removes it and the update of user at line \d+ adjusts a count relatively`
		return nil
	}
	if _, err := x.Delete(&Star{UserID: userID, RepoID: repoID}); err != nil {
		return err
	}
	_, err := x.Exec("UPDATE user SET num_stars = num_stars - 1 WHERE id = ?", userID)
	return err
}

type Comment struct {
	ID      int64
	IssueID int64
}

// Near miss: a list read finds rows to go through, not the row the
// delete removes; the decrement belongs to another row (the repository,
// deleted earlier by the caller).
func deleteIssueComments(sess *xorm.Session, repoID, forkID int64) error {
	comments := make([]*Comment, 0, 8)
	if err := sess.Where("repo_id = ?", repoID).Find(&comments); err != nil {
		return err
	}
	for _, c := range comments {
		if _, err := sess.Delete(&Comment{IssueID: c.IssueID}); err != nil {
			return err
		}
	}
	_, err := sess.Exec("UPDATE repository SET num_forks = num_forks - 1 WHERE id = ?", forkID)
	return err
}
