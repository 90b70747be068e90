package gormrepo

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/shop4/internal/domain"
)

type Taxonomy struct{ db *gorm.DB }

func NewTaxonomy(db *gorm.DB) *Taxonomy { return &Taxonomy{db: db} }

func (r *Taxonomy) TagsBySlug(ctx context.Context, slugs []string) ([]domain.Tag, error) {
	var tags []domain.Tag
	err := r.db.WithContext(ctx).Where("slug IN ?", slugs).Find(&tags).Error
	return tags, err
}

func (r *Taxonomy) CreateTags(ctx context.Context, tags []domain.Tag) error {
	return translate(r.db.WithContext(ctx).CreateInBatches(&tags, 100).Error)
}

func (r *Taxonomy) CategoriesBySlug(ctx context.Context, slugs []string) ([]domain.Category, error) {
	var cats []domain.Category
	err := r.db.WithContext(ctx).Where("slug IN ?", slugs).Find(&cats).Error
	return cats, err
}

func (r *Taxonomy) InsertCategoriesSkippingExisting(ctx context.Context, cats []domain.Category) error {
	return translate(r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "slug"}}, DoNothing: true}).
		Create(&cats).Error)
}
