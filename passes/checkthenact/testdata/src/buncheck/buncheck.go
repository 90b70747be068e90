package buncheck

import (
	"context"

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
