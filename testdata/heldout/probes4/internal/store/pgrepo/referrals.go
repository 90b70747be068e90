package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Referrals struct{ pool *pgxpool.Pool }

func NewReferrals(pool *pgxpool.Pool) *Referrals { return &Referrals{pool: pool} }

func (r *Referrals) ReferrerByCode(ctx context.Context, code string) (int64, error) {
	var id int64
	err := r.pool.QueryRow(ctx, `SELECT owner_id FROM referral_codes WHERE code = $1`, code).Scan(&id)
	return id, mapErr(err)
}

func (r *Referrals) ByReferee(ctx context.Context, refereeID int64) (*domain.Referral, error) {
	var ref domain.Referral
	err := r.pool.QueryRow(ctx,
		`SELECT id, referrer_id, referee_id, code, created_at FROM referrals WHERE referee_id = $1`, refereeID).
		Scan(&ref.ID, &ref.ReferrerID, &ref.RefereeID, &ref.Code, &ref.CreatedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &ref, nil
}

func (r *Referrals) Create(ctx context.Context, ref *domain.Referral) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO referrals (referrer_id, referee_id, code) VALUES ($1, $2, $3) RETURNING id, created_at`,
		ref.ReferrerID, ref.RefereeID, ref.Code).Scan(&ref.ID, &ref.CreatedAt)
	return mapErr(err)
}

func (r *Referrals) Enrollment(ctx context.Context, campaignID, userID int64) (*domain.CampaignEnrollment, error) {
	var e domain.CampaignEnrollment
	err := r.pool.QueryRow(ctx,
		`SELECT id, campaign_id, user_id, channel, created_at FROM campaign_enrollments WHERE campaign_id = $1 AND user_id = $2`,
		campaignID, userID).Scan(&e.ID, &e.CampaignID, &e.UserID, &e.Channel, &e.CreatedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &e, nil
}

func (r *Referrals) CreateEnrollment(ctx context.Context, e *domain.CampaignEnrollment) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO campaign_enrollments (campaign_id, user_id, channel) VALUES ($1, $2, $3) RETURNING id, created_at`,
		e.CampaignID, e.UserID, e.Channel).Scan(&e.ID, &e.CreatedAt)
	return mapErr(err)
}
