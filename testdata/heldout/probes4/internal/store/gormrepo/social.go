package gormrepo

import (
	"context"

	"gorm.io/gorm"

	"example.com/shop4/internal/domain"
)

type Social struct{ db *gorm.DB }

func NewSocial(db *gorm.DB) *Social { return &Social{db: db} }

func (r *Social) IsFollowing(ctx context.Context, followerID, followeeID int64) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.Follow{}).
		Where("follower_id = ? AND followee_id = ?", followerID, followeeID).
		Count(&n).Error
	return n > 0, err
}

func (r *Social) AddFollow(ctx context.Context, f domain.Follow) error {
	return translate(r.db.WithContext(ctx).Create(&f).Error)
}

func (r *Social) IsBlocked(ctx context.Context, blockerID, blockedID int64) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.Block{}).
		Where("blocker_id = ? AND blocked_id = ?", blockerID, blockedID).
		Count(&n).Error
	return n > 0, err
}

func (r *Social) AddBlock(ctx context.Context, b domain.Block) error {
	return translate(r.db.WithContext(ctx).Create(&b).Error)
}
