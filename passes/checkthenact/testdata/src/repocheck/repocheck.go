package repocheck

import (
	"context"

	"repocheck/store"
)

func consume(ctx context.Context, s *store.Events, id string) error {
	done, err := s.IsProcessed(ctx, id) // want `check-then-act race: the existence check IsProcessed`
	if err != nil || done {
		return err
	}
	if err := s.RecordPayout(ctx, id); err != nil {
		return err
	}
	return s.MarkProcessed(ctx, id)
}

// Near miss: the wrapper's insert is ON CONFLICT DO NOTHING.
func consumeAtomic(ctx context.Context, s *store.Events, id string) error {
	done, err := s.IsProcessed(ctx, id)
	if err != nil || done {
		return err
	}
	first, err := s.TryMark(ctx, id)
	if err != nil || !first {
		return err
	}
	return s.RecordPayout(ctx, id)
}

// An interface repository, classified by its method names.
type Inbox interface {
	ExistsByMessageID(ctx context.Context, id string) (bool, error)
	InsertMessage(ctx context.Context, id string) error
}

func receive(ctx context.Context, inbox Inbox, id string) error {
	ok, err := inbox.ExistsByMessageID(ctx, id) // want `check-then-act race: the existence check ExistsByMessageID`
	if err != nil {
		return err
	}
	if !ok {
		return inbox.InsertMessage(ctx, id)
	}
	return nil
}

// Near miss: the absent branch only reports; nothing is inserted.
func receiveReadOnly(ctx context.Context, inbox Inbox, id string) (bool, error) {
	ok, err := inbox.ExistsByMessageID(ctx, id)
	if err != nil {
		return false, err
	}
	if !ok {
		return false, nil
	}
	return true, nil
}
