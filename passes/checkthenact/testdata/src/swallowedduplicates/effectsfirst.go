package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

var ErrAlreadySubscribed = errors.New("already subscribed")

type Subscribers struct {
	db     *sql.DB
	mailer Mailer
}

func (s *Subscribers) insert(ctx context.Context, email string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1)`, email)
	if err != nil && strings.Contains(err.Error(), "23505") {
		return ErrAlreadySubscribed
	}
	return err
}

// The welcome goes out before the insert whose duplicate is answered as
// done: a double submit sends it twice.
func (s *Subscribers) Subscribe(ctx context.Context, email string) error {
	if err := s.mailer.Send(ctx, email, "welcome"); err != nil { // want `effect before the insert: Send runs before the insert at line \d+, whose unique violation this code answers`
		return err
	}
	if err := s.insert(ctx, email); errors.Is(err, ErrAlreadySubscribed) {
		return nil
	} else if err != nil {
		return err
	}
	return nil
}

// Near miss: the welcome goes out only once the insert added the row.
func (s *Subscribers) SubscribeThenWelcome(ctx context.Context, email string) error {
	if err := s.insert(ctx, email); errors.Is(err, ErrAlreadySubscribed) {
		return nil
	} else if err != nil {
		return err
	}
	return s.mailer.Send(ctx, email, "welcome")
}

// Near miss: a notice sent on one branch only, which the insert does not
// follow on every path.
func (s *Subscribers) SubscribeQuietly(ctx context.Context, email string, notify bool) error {
	if notify {
		if err := s.mailer.Send(ctx, email, "notice"); err != nil {
			return err
		}
		return nil
	}
	if err := s.insert(ctx, email); errors.Is(err, ErrAlreadySubscribed) {
		return nil
	}
	return nil
}
