package repocheck

import (
	"context"
	"testing"
)

// Near miss: a test seeds its fixture by checking and inserting, one step
// after another; nothing runs it twice at once.
func TestReceiveSeeded(t *testing.T) {
	ctx := context.Background()
	var inbox Inbox
	ok, err := inbox.ExistsByMessageID(ctx, "m1")
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		if err := inbox.InsertMessage(ctx, "m1"); err != nil {
			t.Fatal(err)
		}
	}
}
