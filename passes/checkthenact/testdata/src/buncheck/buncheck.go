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
