package xormcheck

import (
	"context"

	"xorm.io/xorm"
)

type FeatureGrant struct {
	ID      int64
	UserID  int64
	Feature string
}

type Mailer interface {
	Send(ctx context.Context, to, template string) error
}

// Grants wraps xorm's Get, which fills the record and says whether a row
// was there.
type Grants struct {
	engine *xorm.Engine
	mail   Mailer
}

// grant returns the zero grant when the user has none.
func (g *Grants) grant(ctx context.Context, userID int64, feature string) (FeatureGrant, error) {
	var fg FeatureGrant
	has, err := g.engine.Context(ctx).Where("user_id = ? AND feature = ?", userID, feature).Get(&fg)
	if err != nil || !has {
		return FeatureGrant{}, err
	}
	return fg, nil
}

// Two requests both get the zero grant, both mail and both insert.
func (g *Grants) StartTrial(ctx context.Context, userID int64) error {
	fg, err := g.grant(ctx, userID, "trial") // want `check-then-act race: the existence check grant and the insert at line \d+ are separate steps`
	if err != nil {
		return err
	}
	if fg.ID != 0 {
		return nil
	}
	if err := g.mail.Send(ctx, "user", "trial-started"); err != nil {
		return err
	}
	_, err = g.engine.Context(ctx).Insert(&FeatureGrant{UserID: userID, Feature: "trial"})
	return err
}

// Near miss: the same lookup, then an insert that picks one winner and
// no act before it.
func (g *Grants) StartTrialOnce(ctx context.Context, userID int64) error {
	fg, err := g.grant(ctx, userID, "trial")
	if err != nil {
		return err
	}
	if fg.ID != 0 {
		return nil
	}
	_, err = g.engine.Context(ctx).Exec("INSERT INTO feature_grant (user_id, feature) VALUES ($1, $2) ON CONFLICT DO NOTHING", userID, "trial")
	return err
}
