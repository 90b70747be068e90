package floors

import (
	"floors/guard"

	"xorm.io/xorm"
)

// The guard sits in another package; its fact names what it counts.

// Two deletes of different columns of a two-column board both pass the
// guard and both delete.
func deleteColumn(s *xorm.Session, boardID, columnID int64) error {
	if err := guard.KeepLastColumn(s, boardID); err != nil { // want `floor race: the count of Column is compared with its floor inside KeepLastColumn \(guard.go:\d+\), whose error the caller tests, and the delete at line \d+ removes one of what it counts`
		return err
	}
	_, err := s.Where("id = ?", columnID).Delete(&guard.Column{})
	return err
}

// Near miss: the guard passes, and what runs is an insert (a new column
// does not take the board below its floor).
func addColumn(s *xorm.Session, boardID int64) error {
	if err := guard.KeepLastColumn(s, boardID); err != nil {
		return err
	}
	_, err := s.Insert(&guard.Column{BoardID: boardID})
	return err
}
