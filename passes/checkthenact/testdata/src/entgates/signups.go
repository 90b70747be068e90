package entgates

import (
	"context"
	"errors"

	"entgates/ent"
	"entgates/ent/invitation"
)

// Invitations is a repository over ent: its decrement takes the last use
// only while one is left (UsesGT(0) in the update's Where) and says so
// through its error.
type Invitations struct{ client *ent.Client }

func (r *Invitations) Get(ctx context.Context, token string) (*ent.Invitation, error) {
	return r.client.Invitation.Query().Where(invitation.Token(token)).Only(ctx)
}

func (r *Invitations) Decrement(ctx context.Context, id int) error {
	n, err := r.client.Invitation.Update().Where(invitation.ID(id), invitation.UsesGT(0)).AddUses(-1).Save(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("invitation used up")
	}
	return nil
}

type Members struct{ client *ent.Client }

func (r *Members) Add(ctx context.Context, userID, groupID int) error {
	_, err := r.client.Membership.Create().SetUserID(userID).SetGroupID(groupID).Save(ctx)
	return err
}

type SignUps struct {
	invitations *Invitations
	members     *Members
}

// Two sign-ups with an invitation that has one use left both read it,
// both pass the test and both commit their membership; the guarded
// decrement refuses the second only after its member exists. The test
// sits in one case of a switch whose other case joins before the act.
func (s *SignUps) Register(ctx context.Context, token string, userID, ownGroup int) error {
	var inv *ent.Invitation
	groupID := ownGroup
	switch token {
	case "":
	default:
		var err error
		inv, err = s.invitations.Get(ctx, token) // want `limit race: Uses read here is compared at line \d+, and Add at line \d+ runs before the take at line \d+, which tests the quantity itself`
		if err != nil {
			return err
		}
		if inv.Uses <= 0 {
			return errUsedUp
		}
		groupID = inv.GroupID
	}
	if err := s.members.Add(ctx, userID, groupID); err != nil {
		return err
	}
	if inv != nil {
		return s.invitations.Decrement(ctx, inv.ID)
	}
	return nil
}

// Near miss: the use is taken before the member is added, so only the
// caller whose decrement changed the row goes on.
func (s *SignUps) RegisterTakingFirst(ctx context.Context, token string, userID, ownGroup int) error {
	var inv *ent.Invitation
	groupID := ownGroup
	switch token {
	case "":
	default:
		var err error
		inv, err = s.invitations.Get(ctx, token)
		if err != nil {
			return err
		}
		if inv.Uses <= 0 {
			return errUsedUp
		}
		if err := s.invitations.Decrement(ctx, inv.ID); err != nil {
			return err
		}
		groupID = inv.GroupID
	}
	return s.members.Add(ctx, userID, groupID)
}
