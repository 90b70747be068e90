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

// An interface whose names say the insert is conditional: at most one
// caller creates the record, so the check before it races with nothing.
type Orgs interface {
	ExistsByName(ctx context.Context, name string) (bool, error)
	CreateOrgIfNotExists(ctx context.Context, name string) (bool, error)
	GetOrCreateOrg(ctx context.Context, name string) (string, error)
	CreateOrg(ctx context.Context, name string) error
}

// Near miss: the insert's name says it creates only when absent.
func ensureOrgConditional(ctx context.Context, orgs Orgs, name string) error {
	ok, err := orgs.ExistsByName(ctx, name)
	if err != nil || ok {
		return err
	}
	_, err = orgs.CreateOrgIfNotExists(ctx, name)
	return err
}

// Near miss: get-or-create in one call.
func ensureOrgGetOrCreate(ctx context.Context, orgs Orgs, name string) error {
	ok, err := orgs.ExistsByName(ctx, name)
	if err != nil || ok {
		return err
	}
	_, err = orgs.GetOrCreateOrg(ctx, name)
	return err
}

// The plain create beside them still races the check.
func ensureOrgPlain(ctx context.Context, orgs Orgs, name string) error {
	ok, err := orgs.ExistsByName(ctx, name) // want `check-then-act race: the existence check ExistsByName`
	if err != nil || ok {
		return err
	}
	return orgs.CreateOrg(ctx, name)
}

type Member struct {
	ID    int64
	Email string
}

// A repository whose writes take the record whole.
type Members interface {
	FindMemberByEmail(ctx context.Context, email string) (*Member, error)
	SaveMember(ctx context.Context, m *Member) error
}

// Two sign-ups both find no member and both save a new one.
func join(ctx context.Context, repo Members, email string) error {
	m, err := repo.FindMemberByEmail(ctx, email) // want `check-then-act race: the existence check FindMemberByEmail`
	if err != nil {
		return err
	}
	if m != nil {
		return nil
	}
	return repo.SaveMember(ctx, &Member{Email: email})
}

// Near miss: the record saved carries its primary key (the account's own
// id): a save keyed by it writes one row however often it runs.
func joinAs(ctx context.Context, repo Members, id int64, email string) error {
	m, err := repo.FindMemberByEmail(ctx, email)
	if err != nil {
		return err
	}
	if m != nil {
		return nil
	}
	return repo.SaveMember(ctx, &Member{ID: id, Email: email})
}

// Near miss: the member found is saved back, changed; no new row.
func rename(ctx context.Context, repo Members, email, newEmail string) error {
	m, err := repo.FindMemberByEmail(ctx, email)
	if err != nil || m == nil {
		return err
	}
	m.Email = newEmail
	return repo.SaveMember(ctx, m)
}
