package swallowedduplicates

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrMessageExists is what the message store returns for a message id it
// already holds, behind an interface: nothing says whether from its
// unique violation or from a check of its own.
var ErrMessageExists = errors.New("message exists")

type Messages interface {
	AddMessage(ctx context.Context, ticket int64, clientMsgID, body string) error
}

type Replies struct {
	messages Messages
	mailer   Mailer
	client   *http.Client
}

// deliver does nothing but mail the reply: named for the effect.
func (r *Replies) deliver(ctx context.Context, to, body string) error {
	return r.mailer.Send(ctx, to, body)
}

// The reply is mailed by a helper before the insert whose "exists" the
// composer's retry is answered with: a double submit mails it twice.
func (r *Replies) Reply(ctx context.Context, ticket int64, clientMsgID, to, body string) error {
	if err := r.deliver(ctx, to, body); err != nil { // want `effect before the insert: deliver runs before the insert at line \d+, whose unique violation this code answers`
		return err
	}
	err := r.messages.AddMessage(ctx, ticket, clientMsgID, body)
	if errors.Is(err, ErrMessageExists) {
		return nil // the composer retried a send that went through
	}
	return err
}

// Near miss: the same helper after the insert, once it added the row.
func (r *Replies) ReplyRecorded(ctx context.Context, ticket int64, clientMsgID, to, body string) error {
	err := r.messages.AddMessage(ctx, ticket, clientMsgID, body)
	if errors.Is(err, ErrMessageExists) {
		return nil
	}
	if err != nil {
		return err
	}
	return r.deliver(ctx, to, body)
}

// lookupMailbox asks a directory whether the address exists: a call out,
// under a name that says nothing of sending.
func (r *Replies) lookupMailbox(ctx context.Context, to string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://directory.example/verify", strings.NewReader(to))
	if err != nil {
		return err
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Near miss: the helper before the insert is not named for an effect; what
// running it twice does is not known.
func (r *Replies) ReplyVerified(ctx context.Context, ticket int64, clientMsgID, to, body string) error {
	if err := r.lookupMailbox(ctx, to); err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	err := r.messages.AddMessage(ctx, ticket, clientMsgID, body)
	if errors.Is(err, ErrMessageExists) {
		return nil
	}
	return err
}
