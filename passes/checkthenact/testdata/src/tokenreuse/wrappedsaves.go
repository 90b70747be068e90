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

func (c *holderConn) inTx(fn func(tx *holderConn) error) error { return fn(c) }

// Near miss: the same confirmation in a transaction's closure, the
// account held in a variable of the function around it (a captured
// variable, loaded afresh at each use).
func confirmHolderInTx(c *holderConn, token string) (*Holder, error) {
	var a *Holder
	err := c.inTx(func(tx *holderConn) error {
		t, err := findAccountToken(tx.s, token, 5)
		if err != nil {
			return err
		}
		if t == nil {
			return errBadToken
		}
		if a, err = loadHolder(tx.s, t.HolderID); err != nil {
			return err
		}
		if err := dropAccountTokens(tx.s, a, 5); err != nil {
			return err
		}
		a.Status = 1
		return tx.UpdateOnly(a, "status")
	})
	return a, err
}

// The request's password in the same closure: reported.
func resetHolderInTx(c *holderConn, token, hashed string) (*Holder, error) {
	var a *Holder
	err := c.inTx(func(tx *holderConn) error {
		t, err := findAccountToken(tx.s, token, 6) // want `token-reuse race: the one-time token read here is consumed by dropAccountTokens`
		if err != nil {
			return err
		}
		if t == nil {
			return errBadToken
		}
		if a, err = loadHolder(tx.s, t.HolderID); err != nil {
			return err
		}
		if err := dropAccountTokens(tx.s, a, 6); err != nil {
			return err
		}
		a.Password = hashed
		return tx.UpdateOnly(a, "password")
	})
	return a, err
}
