package repo

import (
	"context"

	"xorm.io/xorm"

	"example.com/probes/internal/domain"
)

// FeatureRepo uses xorm.
type FeatureRepo struct {
	engine *xorm.Engine
}

func NewFeatureRepo(e *xorm.Engine) *FeatureRepo { return &FeatureRepo{engine: e} }

// Grant returns the zero grant when the user lacks the feature.
func (r *FeatureRepo) Grant(ctx context.Context, userID int64, feature string) (domain.FeatureGrant, error) {
	var g domain.FeatureGrant
	_, err := r.engine.Context(ctx).Table("feature_grants").Where("user_id = ? AND feature = ?", userID, feature).Get(&g)
	return g, err
}

func (r *FeatureRepo) Insert(ctx context.Context, g *domain.FeatureGrant) error {
	_, err := r.engine.Context(ctx).Table("feature_grants").Insert(g)
	if isUniqueViolation(err) {
		return domain.ErrDuplicate
	}
	return err
}
