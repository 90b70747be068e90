package gormrepo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"example.com/shop4/internal/domain"
)

type Invites struct{ db *gorm.DB }

func NewInvites(db *gorm.DB) *Invites { return &Invites{db: db} }

func (r *Invites) ByToken(ctx context.Context, token string) (*domain.Invite, error) {
	var inv domain.Invite
	if err := r.db.WithContext(ctx).Where("token = ?", token).First(&inv).Error; err != nil {
		return nil, translate(err)
	}
	return &inv, nil
}

func (r *Invites) PendingFor(ctx context.Context, teamID int64, email string) (domain.Invite, error) {
	var inv domain.Invite
	err := r.db.WithContext(ctx).
		Where("team_id = ? AND email = ? AND accepted_at IS NULL AND expires_at > ?", teamID, email, time.Now()).
		Limit(1).
		Find(&inv).Error
	return inv, err
}

func (r *Invites) Create(ctx context.Context, inv *domain.Invite) error {
	return translate(r.db.WithContext(ctx).Create(inv).Error)
}

func (r *Invites) Save(ctx context.Context, inv *domain.Invite) error {
	return translate(r.db.WithContext(ctx).Save(inv).Error)
}

type Verifications struct{ db *gorm.DB }

func NewVerifications(db *gorm.DB) *Verifications { return &Verifications{db: db} }

func (r *Verifications) ByToken(ctx context.Context, token string) (*domain.VerificationToken, error) {
	var t domain.VerificationToken
	if err := r.db.WithContext(ctx).First(&t, "token = ?", token).Error; err != nil {
		return nil, translate(err)
	}
	return &t, nil
}

// Consume deletes the token; it reports false when another request already
// deleted it.
func (r *Verifications) Consume(ctx context.Context, token string) (bool, error) {
	res := r.db.WithContext(ctx).Where("token = ?", token).Delete(&domain.VerificationToken{})
	return res.RowsAffected == 1, translate(res.Error)
}
