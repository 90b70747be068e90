package checkthenact

import (
	"context"
	"time"

	"github.com/idemvet/idemvet/testdata/realworld/ent"
	"github.com/idemvet/idemvet/testdata/realworld/ent/account"
	"github.com/idemvet/idemvet/testdata/realworld/ent/processedevent"
)

// ConsumeEvent asks ent whether the event was processed and records it
// when it was not: a redelivery racing the first delivery runs twice.
func ConsumeEvent(ctx context.Context, client *ent.Client, eventID string, handle func(context.Context) error) error {
	done, err := client.ProcessedEvent.Query().Where(processedevent.EventID(eventID)).Exist(ctx) // want:checkthenact
	if err != nil || done {
		return err
	}
	if err := handle(ctx); err != nil {
		return err
	}
	return client.ProcessedEvent.Create().SetEventID(eventID).SetProcessedAt(time.Now()).Exec(ctx)
}

// ConsumeEventConstraint records the event first and treats the unique
// violation on event_id as "already processed".
func ConsumeEventConstraint(ctx context.Context, client *ent.Client, eventID string, handle func(context.Context) error) error {
	done, err := client.ProcessedEvent.Query().Where(processedevent.EventID(eventID)).Exist(ctx)
	if err != nil || done {
		return err
	}
	err = client.ProcessedEvent.Create().SetEventID(eventID).SetProcessedAt(time.Now()).Exec(ctx)
	if ent.IsConstraintError(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return handle(ctx)
}

// OpenAccount checks the account by email and creates it when absent.
func OpenAccount(ctx context.Context, client *ent.Client, email string) (*ent.Account, error) {
	exists, err := client.Account.Query().Where(account.Email(email)).Exist(ctx) // want:checkthenact
	if err != nil {
		return nil, err
	}
	if exists {
		return nil, ErrDuplicate
	}
	return client.Account.Create().SetEmail(email).Save(ctx)
}

// OpenAccountForEvent checks the processed event but creates an account:
// different entities, nothing to race on the checked one.
func OpenAccountForEvent(ctx context.Context, client *ent.Client, eventID, email string) (*ent.Account, error) {
	done, err := client.ProcessedEvent.Query().Where(processedevent.EventID(eventID)).Exist(ctx)
	if err != nil || done {
		return nil, err
	}
	return client.Account.Create().SetEmail(email).Save(ctx)
}
