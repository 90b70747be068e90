// Package guard keeps a board's last column: its exported guard counts
// the columns and refuses the last one, for callers in other packages.
package guard

import "xorm.io/xorm"

type Column struct {
	ID      int64
	BoardID int64
}

// ErrLastColumn is a struct error: its zero value is a constant, and a
// non-nil error all the same.
type ErrLastColumn struct{}

func (ErrLastColumn) Error() string { return "cannot remove the last column" }

// KeepLastColumn refuses when the board has one column left.
func KeepLastColumn(s *xorm.Session, boardID int64) error { // want KeepLastColumn:`countguard\(floor column: KeepLastColumn \(guard.go:\d+\)\)`
	n, err := s.Where("board_id = ?", boardID).Count(&Column{})
	if err != nil {
		return err
	}
	if n <= 1 {
		return ErrLastColumn{}
	}
	return nil
}

// CountColumns only counts; callers decide.
func CountColumns(s *xorm.Session, boardID int64) (int64, error) {
	return s.Where("board_id = ?", boardID).Count(&Column{})
}
