// Package gormstore implements the fleet, coupon, wallet and invoice
// repositories with gorm on PostgreSQL.
package gormstore

import (
	"fmt"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

func Open(dsn string) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError:         true,
		SkipDefaultTransaction: true,
	})
	if err != nil {
		return nil, fmt.Errorf("gormstore: open: %w", err)
	}
	return db, nil
}
