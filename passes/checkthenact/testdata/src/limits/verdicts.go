package limits

import (
	"context"
	"database/sql"
	"errors"
)

// The count sits in a helper that returns the verdict (members < limit)
// and the repository is an interface: the caller tests the verdict and
// inserts what the helper counts.

type Membership struct {
	OrgID  string
	UserID string
}

type MembershipRepository interface {
	CountMemberships(ctx context.Context, orgID string) (int64, error)
	CountPendingInvites(ctx context.Context, orgID string) (int64, error)
	CreateMembership(ctx context.Context, m *Membership) error
}

type Orgs struct {
	DB    *sql.DB
	Repo  MembershipRepository
	Limit int64
}

// underMemberLimit fails open when the count fails, and adds pending
// invitations when asked to.
func (o *Orgs) underMemberLimit(ctx context.Context, orgID string, withPending bool) (bool, error) {
	if o.Limit == 0 {
		return true, nil
	}
	members, err := o.Repo.CountMemberships(ctx, orgID)
	if err != nil {
		return true, nil
	}
	total := members
	if withPending {
		pending, err := o.Repo.CountPendingInvites(ctx, orgID)
		if err != nil {
			return true, nil
		}
		total += pending
	}
	return total < o.Limit, nil
}

// Two accepts of invitations to an organisation one below its limit both
// get "under the limit" and both add a member.
func (o *Orgs) Accept(ctx context.Context, orgID, userID string) error {
	ok, err := o.underMemberLimit(ctx, orgID, false) // want `limit race: the count underMemberLimit is compared with a limit inside underMemberLimit \(verdicts.go:\d+\), whose verdict the caller tests, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("organisation is full")
	}
	return o.Repo.CreateMembership(ctx, &Membership{OrgID: orgID, UserID: userID})
}

// Near miss: the organisation's row is locked, in a transaction held to
// the end, before the helper counts, so the second accept waits and
// counts the first one's member.
func (o *Orgs) AcceptLocked(ctx context.Context, orgID, userID string) error {
	tx, err := o.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM orgs WHERE id = $1 FOR UPDATE`, orgID); err != nil {
		return err
	}
	ok, err := o.underMemberLimit(ctx, orgID, true)
	if err != nil || !ok {
		return errors.New("organisation is full")
	}
	if err := o.Repo.CreateMembership(ctx, &Membership{OrgID: orgID, UserID: userID}); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the verdict gates a write of something else than what is
// counted.
func (o *Orgs) Notify(ctx context.Context, orgID string, audit AuditLog) error {
	ok, err := o.underMemberLimit(ctx, orgID, false)
	if err != nil || ok {
		return err
	}
	return audit.CreateAuditEntry(ctx, orgID, "member limit reached")
}

type AuditLog interface {
	CreateAuditEntry(ctx context.Context, orgID, what string) error
}
