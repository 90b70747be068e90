package lostupdates

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Meter struct {
	ID          uint
	WorkspaceID int64
	Quantity    int64
}

// loadMeter reads the workspace's meter, creating it when missing.
func loadMeter(db *gorm.DB, workspaceID int64) (Meter, error) {
	var m Meter
	err := db.Where("workspace_id = ?", workspaceID).First(&m).Error
	if err == nil {
		return m, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return m, err
	}
	m = Meter{WorkspaceID: workspaceID}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&m).Error; err != nil {
		return m, err
	}
	err = db.Where("workspace_id = ?", workspaceID).First(&m).Error
	return m, err
}

// Two reports both read the meter and both write their own total.
func Report(db *gorm.DB, workspaceID, qty int64) error {
	m, err := loadMeter(db, workspaceID) // want `lost update: Quantity read here is written back at line \d+ as a value computed from it`
	if err != nil {
		return err
	}
	total := m.Quantity + qty
	return db.Model(&m).Update("quantity", total).Error
}

// Near miss: the database adds.
func ReportAdding(db *gorm.DB, workspaceID, qty int64) error {
	m, err := loadMeter(db, workspaceID)
	if err != nil {
		return err
	}
	return db.Model(&m).Update("quantity", gorm.Expr("quantity + ?", qty)).Error
}
