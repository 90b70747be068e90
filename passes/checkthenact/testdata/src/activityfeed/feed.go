// Package activityfeed has a type named Activities that is a user's
// activity feed, not a Temporal activity: the package uses no workflow
// engine, and its gate has twins.
package activityfeed

import (
	"context"

	"gorm.io/gorm"
)

type Badge struct {
	ID      uint
	Awarded bool
	UserID  uint
}

type Rewards interface {
	Credit(userID uint, points int) error
}

type Activities struct {
	db      *gorm.DB
	rewards Rewards
}

func (a *Activities) AwardBadge(ctx context.Context, id uint) error {
	var b Badge
	if err := a.db.First(&b, id).Error; err != nil { // want `status-gate race: Awarded read here is tested, then Credit`
		return err
	}
	if b.Awarded {
		return nil
	}
	if err := a.rewards.Credit(b.UserID, 10); err != nil {
		return err
	}
	return a.db.Model(&b).Update("awarded", true).Error
}
