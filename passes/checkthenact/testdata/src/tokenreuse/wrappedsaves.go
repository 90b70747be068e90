package tokenreuse

import "xorm.io/xorm"

// The same confirmation and reset, written back through the service's
// own connection type, whose UpdateOnly wraps the library's update of
// the named columns.

type holderConn struct {
	s *xorm.Session
}

func (c *holderConn) UpdateOnly(record any, cols ...string) error {
	_, err := c.s.Cols(cols...).Update(record)
	return err
}

// Near miss: the wrapper writes back constants only; a second use of
// the token writes the account as the first did.
func confirmHolder(c *holderConn, token string) error {
	t, err := findAccountToken(c.s, token, 3)
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(c.s, t.HolderID)
	if err != nil {
		return err
	}
	if err := dropAccountTokens(c.s, a, 3); err != nil {
		return err
	}
	a.Status = 1
	a.PendingEmail = ""
	return c.UpdateOnly(a, "status", "pending_email")
}

// The request's password through the same wrapper: two requests set
// two passwords with one token.
func resetHolder(c *holderConn, token, hashed string) error {
	t, err := findAccountToken(c.s, token, 4) // want `token-reuse race: the one-time token read here is consumed by dropAccountTokens`
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(c.s, t.HolderID)
	if err != nil {
		return err
	}
	if err := dropAccountTokens(c.s, a, 4); err != nil {
		return err
	}
	a.Password = hashed
	return c.UpdateOnly(a, "password")
}
