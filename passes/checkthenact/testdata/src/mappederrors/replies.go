// Package mappederrors answers duplicates a store reports through its
// error mapper.
package mappederrors

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"mappederrors/store"
)

type Replies struct {
	Messages *store.Messages
	Client   *http.Client
}

func (r *Replies) mail(ctx context.Context, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := r.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The reply is mailed before the insert whose duplicate (mapped by the
// store to ErrAlreadyExists) is answered as a retry: the retry mails the
// customer again.
func (r *Replies) Send(ctx context.Context, ticketID int64, clientID, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", strings.NewReader(body))
	if err != nil {
		return err
	}
	if _, err := r.Client.Do(req); err != nil { // want `effect before the insert: Do runs before the insert at line \d+, whose unique violation this code answers`
		return err
	}
	err = r.Messages.Add(ctx, ticketID, clientID, body)
	if errors.Is(err, store.ErrAlreadyExists) {
		return nil
	}
	return err
}

// Near miss: the reply is stored first, and mailed only by the caller
// whose insert was new.
func (r *Replies) SendStoredFirst(ctx context.Context, ticketID int64, clientID, body string) error {
	err := r.Messages.Add(ctx, ticketID, clientID, body)
	if errors.Is(err, store.ErrAlreadyExists) {
		return nil
	}
	if err != nil {
		return err
	}
	return r.mail(ctx, body)
}

// Near miss: the note's error is only logged by the store, never mapped:
// nothing here answers a duplicate.
func (r *Replies) NoteAndMail(ctx context.Context, ticketID int64, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", strings.NewReader(body))
	if err != nil {
		return err
	}
	if _, err := r.Client.Do(req); err != nil {
		return err
	}
	err = r.Messages.Note(ctx, ticketID, body)
	if errors.Is(err, store.ErrAlreadyExists) {
		return nil
	}
	return err
}
