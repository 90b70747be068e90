// Package entgates holds status gates written with ent: the state
// guard is a generated predicate in the update's Where, not SQL text.
package entgates

import (
	"context"
	"errors"

	"entgates/ent"
	"entgates/ent/invitation"
)

var errUsedUp = errors.New("invitation used up")

// Near miss: the last use is taken by an update guarded by uses > 0,
// whose rows affected decides; the loser's membership rolls back with
// its transaction.
func AcceptInvitation(ctx context.Context, client *ent.Client, token string, userID int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	inv, err := tx.Invitation.Query().Where(invitation.Token(token)).Only(ctx)
	if err != nil {
		tx.Rollback()
		return err
	}
	if inv.Uses <= 0 {
		tx.Rollback()
		return errUsedUp
	}
	if _, err := tx.Membership.Create().SetUserID(userID).SetGroupID(inv.GroupID).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	n, err := tx.Invitation.Update().Where(invitation.ID(inv.ID), invitation.UsesGT(0)).AddUses(-1).Save(ctx)
	if err != nil || n == 0 {
		tx.Rollback()
		return errUsedUp
	}
	return tx.Commit()
}

// The same decrement keyed by the id alone: both callers read one use
// left, both add a member, both decrement.
func AcceptInvitationUnguarded(ctx context.Context, client *ent.Client, token string, userID int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	inv, err := tx.Invitation.Query().Where(invitation.Token(token)).Only(ctx) // want `limit race: Uses read here is compared at line \d+, and Save at line \d+ takes from it`
	if err != nil {
		tx.Rollback()
		return err
	}
	if inv.Uses <= 0 {
		tx.Rollback()
		return errUsedUp
	}
	if _, err := tx.Membership.Create().SetUserID(userID).SetGroupID(inv.GroupID).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.Invitation.Update().Where(invitation.ID(inv.ID)).AddUses(-1).Save(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
