package gormcheck

import (
	"context"
	"errors"
	"math/rand"
	"strconv"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A row with a fixed key made on first use: the user a static API key
// acts as. Every request with the key looks it up, and the first two at
// once both miss it and both create it; the primary key fails the
// second, whose request is answered with an error.

type Principal struct {
	ID       string
	Username string
	IsAdmin  bool
}

const staticPrincipalID = "00000000-0000-0000-0000-000000000001"

type principals struct{ db *gorm.DB }

func randomSuffix() string { return strconv.FormatInt(rand.Int63(), 36) }

func (p *principals) staticPrincipal(ctx context.Context) (Principal, error) {
	var pr Principal
	err := p.db.WithContext(ctx).First(&pr, "id = ?", staticPrincipalID).Error // want `check-then-act race: the existence check First`
	if err == nil {
		return pr, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return Principal{}, err
	}
	pr = Principal{ID: staticPrincipalID, Username: "static-" + randomSuffix(), IsAdmin: true}
	err = p.db.WithContext(ctx).Create(&pr).Error
	return pr, err
}

// Near miss: the row is made with an insert that skips a conflict, then
// read: both makers read the one row.
func (p *principals) staticPrincipalOnce(ctx context.Context) (Principal, error) {
	pr := Principal{ID: staticPrincipalID, Username: "static-" + randomSuffix(), IsAdmin: true}
	if err := p.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&pr).Error; err != nil {
		return Principal{}, err
	}
	err := p.db.WithContext(ctx).First(&pr, "id = ?", staticPrincipalID).Error
	return pr, err
}
