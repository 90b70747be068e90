package summaries

import "xorm.io/xorm"

// Helpers that update one column of a user's row by handing xorm a
// literal: the FieldWrites fact names the fields the literal sets (sets),
// which are all the update writes.

type Login struct {
	ID       int64
	Issuer   string
	Status   string
	Password string
	Attempts int
}

// The literal sets the password alone.
func setLoginPassword(s *xorm.Session, l *Login, hashed string) error { // want setLoginPassword:"^update table=.login. " setLoginPassword:"^assigns 1: sets Password$"
	_, err := s.Where("id = ?", l.ID).Update(&Login{Password: hashed})
	return err
}

// Near miss: AllCols makes xorm write the zero fields too, so the
// update writes every column of a record that is not the one passed.
func resetLogin(s *xorm.Session, l *Login) error { // want resetLogin:"^update table=.login. "
	_, err := s.Where("id = ?", l.ID).AllCols().Update(&Login{Status: "new"})
	return err
}

// Near miss: the literal is handed to another function before the
// update, which may fill any field.
func lockLogin(s *xorm.Session, l *Login) error { // want lockLogin:"^update table=.login. "
	upd := &Login{Status: "locked"}
	stampLogin(upd)
	_, err := s.Where("id = ?", l.ID).Update(upd)
	return err
}

func stampLogin(l *Login) { l.Attempts = 0 } // want stampLogin:"^assigns 0:Attempts$"

// A helper handing the record on carries what its callee sets.
func changeLoginPassword(s *xorm.Session, l *Login, hashed string) error { // want changeLoginPassword:"^update table=.login. " changeLoginPassword:"^assigns 1: sets Password$"
	return setLoginPassword(s, l, hashed)
}

// Predicates of the record: the fact names the one field each tests.
func (l *Login) IsLocal() bool { return l.Issuer == "local" } // want IsLocal:"^tests Issuer$"

func (l Login) IsBlocked() bool { return l.Status == "blocked" || l.Status == "banned" } // want IsBlocked:"^tests Status$"

// Near misses: two fields, a call, and an argument are more than a test
// of one field.
func (l *Login) IsLocalAndActive() bool { return l.Issuer == "local" && l.Status == "active" }

func (l *Login) HasIssuer() bool { return len(l.Issuer) > 0 }

func (l *Login) IssuedBy(issuer string) bool { return l.Issuer == issuer }
