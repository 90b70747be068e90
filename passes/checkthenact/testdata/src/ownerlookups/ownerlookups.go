// Package ownerlookups asks which account owns a name (an e-mail, an
// alias) through a table interface that answers with the owner's id as a
// string, empty when nobody owns it (Dendrite's
// SelectLocalpartForThreePID, GetRoomIDForAlias).
package ownerlookups

import (
	"context"
	"database/sql"
	"errors"
)

var ErrInUse = errors.New("already bound to another account")

// ThreePIDs is the table; its implementations are in other packages.
type ThreePIDs interface {
	SelectLocalpartForThreePID(ctx context.Context, txn *sql.Tx, threepid, medium string) (localpart, serverName string, err error)
	InsertThreePID(ctx context.Context, txn *sql.Tx, threepid, medium, localpart, serverName string) error
}

type Aliases interface {
	GetRoomIDForAlias(ctx context.Context, alias string) (string, error)
	InsertRoomAlias(ctx context.Context, alias, roomID string) error
	CountAliases(ctx context.Context, roomID string) (int, error)
}

// Two requests binding one e-mail both find no owner and both insert;
// the loser's primary key violation is a 500, not ErrInUse.
func saveAssociation(ctx context.Context, t ThreePIDs, txn *sql.Tx, threepid, localpart, server string) error {
	owner, _, err := t.SelectLocalpartForThreePID(ctx, txn, threepid, "email") // want `check-then-act race: the existence check SelectLocalpartForThreePID and the insert at line \d+`
	if err != nil {
		return err
	}
	if len(owner) > 0 {
		return ErrInUse
	}
	return t.InsertThreePID(ctx, txn, threepid, "email", localpart, server)
}

// The same race through an alias lookup tested against "".
func setAlias(ctx context.Context, a Aliases, alias, roomID string) (bool, error) {
	existing, err := a.GetRoomIDForAlias(ctx, alias) // want `check-then-act race: the existence check GetRoomIDForAlias and the insert at line \d+`
	if err != nil {
		return false, err
	}
	if existing != "" {
		return true, nil
	}
	return false, a.InsertRoomAlias(ctx, alias, roomID)
}

// Near miss: the owner read is only shown; the insert runs whoever owns
// the name, under a different key.
func describe(ctx context.Context, a Aliases, alias, roomID string) (string, error) {
	existing, err := a.GetRoomIDForAlias(ctx, alias)
	if err != nil {
		return "", err
	}
	if err := a.InsertRoomAlias(ctx, "#log-"+roomID, roomID); err != nil {
		return "", err
	}
	return existing, nil
}
