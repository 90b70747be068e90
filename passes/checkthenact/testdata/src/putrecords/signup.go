package putrecords

import (
	"context"
	"errors"
)

// Sign-up asks the store whether the e-mail is available (true when no
// user has it), then creates the user through a New* method that takes
// the fields by value.

type NewSignup struct {
	Username string
	Email    string
	Password string
}

type User struct {
	ID    string
	Email string
}

type Users interface {
	GetUserByID(ctx context.Context, id string) (*User, error)
	IsEmailAvailable(ctx context.Context, email string) (bool, error)
	NewSignup(ctx context.Context, s NewSignup) (*User, error)
	NewInvite(ctx context.Context, u *User) (*User, error)
}

type SignupProcessor struct {
	Users Users
}

var errTaken = errors.New("e-mail taken")

// Two sign-ups with one e-mail both find it available and both create a
// user.
func (p *SignupProcessor) Create(ctx context.Context, username, email, password string) (*User, error) {
	available, err := p.Users.IsEmailAvailable(ctx, email) // want `check-then-act race: the existence check IsEmailAvailable and the insert at line \d+`
	if err != nil {
		return nil, err
	}
	if !available {
		return nil, errTaken
	}
	return p.Users.NewSignup(ctx, NewSignup{Username: username, Email: email, Password: password})
}

// Near miss: the invitation is created only when the e-mail is taken (a
// known address is invited to its existing account): no caller passes
// the check on the absent side, so the polarity of "available" decides.
func (p *SignupProcessor) InviteKnown(ctx context.Context, email string) (*User, error) {
	available, err := p.Users.IsEmailAvailable(ctx, email)
	if err != nil {
		return nil, err
	}
	if available {
		return nil, errors.New("no such user")
	}
	return p.Users.NewInvite(ctx, &User{Email: email})
}
