// Package webcachecheck holds the cache interfaces web frameworks inject
// into handlers, used as a resend limit or a used-code list, each beside a
// near miss.
package webcachecheck

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	flamegocache "github.com/flamego/cache"
	macaroncache "github.com/go-macaron/cache"
)

type Mailer interface {
	SendResetMail(ctx context.Context, userID int64) error
}

func resendKey(userID int64) string { return fmt.Sprintf("mail-resend:%d", userID) }

// The resend limit is read, the mail sent, then the limit set: two
// requests both find no limit and both send.
func resetPassword(ctx context.Context, ca flamegocache.Cache, m Mailer, userID int64) error {
	if _, err := ca.Get(ctx, resendKey(userID)); err == nil { // want `check-then-act race: the existence check Get`
		return nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := m.SendResetMail(ctx, userID); err != nil {
		return err
	}
	return ca.Set(ctx, resendKey(userID), 1, 3*time.Minute)
}

// Near miss: a cache fill, nothing doubled when two requests both miss.
func displayName(ctx context.Context, ca flamegocache.Cache, userID int64) (string, error) {
	if v, err := ca.Get(ctx, resendKey(userID)); err == nil {
		return v.(string), nil
	}
	name := "computed"
	return name, ca.Set(ctx, resendKey(userID), name, time.Minute)
}

// The same race through go-macaron's cache.
func activate(ctx context.Context, ca macaroncache.Cache, m Mailer, userID int64) error {
	if ca.IsExist(resendKey(userID)) { // want `check-then-act race: the existence check IsExist`
		return nil
	}
	if err := m.SendResetMail(ctx, userID); err != nil {
		return err
	}
	return ca.Put(resendKey(userID), 1, 180)
}

// Near miss: the mail is sent only when the key is present, for a
// request the limit let through earlier.
func remind(ctx context.Context, ca macaroncache.Cache, m Mailer, userID int64) error {
	if !ca.IsExist(resendKey(userID)) {
		return nil
	}
	return m.SendResetMail(ctx, userID)
}
