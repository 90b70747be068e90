package buncheck

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"
)

type Subscription struct{ Email string }

func subscribe(ctx context.Context, db *bun.DB, email string) error {
	exists, err := db.NewSelect().Model((*Subscription)(nil)).Where("email = ?", email).Exists(ctx) // want `check-then-act race: the existence check Exists`
	if err != nil || exists {
		return err
	}
	_, err = db.NewInsert().Model(&Subscription{Email: email}).Exec(ctx)
	return err
}

// Near miss: ON CONFLICT DO NOTHING through bun's On.
func subscribeOnConflict(ctx context.Context, db *bun.DB, email string) error {
	exists, err := db.NewSelect().Model((*Subscription)(nil)).Where("email = ?", email).Exists(ctx)
	if err != nil || exists {
		return err
	}
	_, err = db.NewInsert().Model(&Subscription{Email: email}).On("CONFLICT (email) DO NOTHING").Exec(ctx)
	return err
}

// ErrAlreadyExists is what the program's bun query hook turns a unique
// violation into (gotosocial's db.ErrAlreadyExists).
var ErrAlreadyExists = errors.New("already exists")

// Near miss: the insert is bun's own, so an ErrAlreadyExists after it can
// only be its unique violation, and the loser reads the winner's row.
// (A store method's ErrAlreadyExists may come from a check of its own:
// objectapi's openAccountSentinel stays a race.)
func subscribeMapped(ctx context.Context, db *bun.DB, email string) (*Subscription, error) {
	sub := new(Subscription)
	exists, err := db.NewSelect().Model(sub).Where("email = ?", email).Exists(ctx)
	if err != nil {
		return nil, err
	}
	if exists {
		return sub, nil
	}
	sub = &Subscription{Email: email}
	if _, err := db.NewInsert().Model(sub).Exec(ctx); err != nil {
		if errors.Is(err, ErrAlreadyExists) {
			return sub, db.NewSelect().Model(sub).Where("email = ?", email).Scan(ctx)
		}
		return nil, err
	}
	return sub, nil
}

type Team struct{ ID int64 }

type Member struct {
	TeamID int64
	Email  string
}

// Exists FOR UPDATE finds no row and so locks none: both transactions
// insert the member.
func join(ctx context.Context, db *bun.DB, team int64, email string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		exists, err := tx.NewSelect().Model((*Member)(nil)).Where("team_id = ? AND email = ?", team, email).For("UPDATE").Exists(ctx) // want `FOR UPDATE locks no row when none is found`
		if err != nil || exists {
			return err
		}
		_, err = tx.NewInsert().Model(&Member{TeamID: team, Email: email}).Exec(ctx)
		return err
	})
}

// Near miss: the team row, which every joiner locks first, is locked
// before the check.
func joinLockingTeam(ctx context.Context, db *bun.DB, team int64, email string) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var t Team
		if err := tx.NewSelect().Model(&t).Where("id = ?", team).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		exists, err := tx.NewSelect().Model((*Member)(nil)).Where("team_id = ? AND email = ?", team, email).Exists(ctx)
		if err != nil || exists {
			return err
		}
		_, err = tx.NewInsert().Model(&Member{TeamID: team, Email: email}).Exec(ctx)
		return err
	})
}

type Order struct {
	ID     int64
	Status string
}

// The record a bun select fills is the one its chain's Model is given:
// two payments of one order both read "pending", both charge, both save
// "paid".
func pay(ctx context.Context, db *bun.DB, id int64) error {
	o := new(Order)
	if err := db.NewSelect().Model(o).Where("id = ?", id).Scan(ctx); err != nil { // want `status-gate race: Status read here is tested, then Post at line \d+ and the state write at line \d+`
		return err
	}
	if o.Status != "pending" {
		return nil
	}
	if _, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader("order")); err != nil {
		return err
	}
	o.Status = "paid"
	_, err := db.NewUpdate().Model(o).Where("id = ?", o.ID).Exec(ctx)
	return err
}

// Near miss: the state only answers the caller.
func orderState(ctx context.Context, db *bun.DB, id int64) (string, error) {
	o := new(Order)
	if err := db.NewSelect().Model(o).Where("id = ?", id).Scan(ctx); err != nil {
		return "", err
	}
	if o.Status != "pending" {
		return "settled", nil
	}
	return o.Status, nil
}

// Near miss: the same gate on the order row For("UPDATE") locked in the
// transaction: the second payment waits, then reads it paid.
func payLocked(ctx context.Context, db *bun.DB, id int64) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		o := new(Order)
		if err := tx.NewSelect().Model(o).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if o.Status != "pending" {
			return nil
		}
		if _, err := http.Post("https://psp.example/charge", "text/plain", strings.NewReader("order")); err != nil {
			return err
		}
		o.Status = "paid"
		_, err := tx.NewUpdate().Model(o).Where("id = ?", o.ID).Exec(ctx)
		return err
	})
}
