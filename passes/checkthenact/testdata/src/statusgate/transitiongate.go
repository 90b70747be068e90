package statusgate

import "context"

type Invite struct {
	ID       string
	TeamID   string
	Email    string
	Accepted bool
	Status   string
}

type Membership interface {
	AddMember(ctx context.Context, teamID, email string) error
}

// Invites moves an invite to the state a method is named for.
type Invites interface {
	GetInvite(ctx context.Context, id string) (*Invite, error)
	AcceptInvite(ctx context.Context, id string) error
	CompleteInvite(ctx context.Context, id string) error
	// ConfirmInvite moves the invite only if it is still pending, and
	// says whether it did.
	ConfirmInvite(ctx context.Context, id string) (bool, error)
	CloseTeam(ctx context.Context, teamID string) error
}

type Onboarder struct {
	invites Invites
	members Membership
}

// AcceptInvite is the state write: two clicks on the link both see
// the invite open and both add the member.
func (o *Onboarder) JoinTeam(ctx context.Context, id string) error {
	inv, err := o.invites.GetInvite(ctx, id) // want `status-gate race: Accepted read here is tested, then AddMember`
	if err != nil {
		return err
	}
	if inv.Accepted {
		return nil
	}
	if err := o.members.AddMember(ctx, inv.TeamID, inv.Email); err != nil {
		return err
	}
	return o.invites.AcceptInvite(ctx, inv.ID)
}

// The same with a status column and another transition verb.
func (o *Onboarder) FinishOnboarding(ctx context.Context, id string) error {
	inv, err := o.invites.GetInvite(ctx, id) // want `status-gate race: Status read here is tested, then AddMember`
	if err != nil {
		return err
	}
	if inv.Status != "pending" {
		return nil
	}
	if err := o.members.AddMember(ctx, inv.TeamID, inv.Email); err != nil {
		return err
	}
	return o.invites.CompleteInvite(ctx, inv.ID)
}

// Near miss: the transition is guarded and reports whether it moved the
// invite; only the caller that moved it adds the member.
func (o *Onboarder) JoinTeamOnce(ctx context.Context, id string) error {
	inv, err := o.invites.GetInvite(ctx, id)
	if err != nil {
		return err
	}
	if inv.Accepted {
		return nil
	}
	moved, err := o.invites.ConfirmInvite(ctx, inv.ID)
	if err != nil || !moved {
		return err
	}
	return o.members.AddMember(ctx, inv.TeamID, inv.Email)
}

// Near miss: the transition closes another entity, the team; nothing
// writes the invite's state, so the test is a precondition.
func (o *Onboarder) JoinAndClose(ctx context.Context, id string) error {
	inv, err := o.invites.GetInvite(ctx, id)
	if err != nil {
		return err
	}
	if inv.Accepted {
		return nil
	}
	if err := o.members.AddMember(ctx, inv.TeamID, inv.Email); err != nil {
		return err
	}
	return o.invites.CloseTeam(ctx, inv.TeamID)
}
