package lostupdates

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A quota kept as an element of a collection in the record (a JSON
// column): the count of one element is read, raised and saved back with
// the whole record.

type PlanQuota struct {
	Kind      string
	UsedCount int
	Limit     int
}

type Plan struct {
	ID     uint
	Quotas []PlanQuota `gorm:"serializer:json"`
}

type Project struct {
	ID     uint
	PlanID uint
}

var errPlanQuota = errors.New("quota exceeded")

// Two creations read UsedCount 4 of 5, both create, both save 5.
func CreateProject(db *gorm.DB, planID uint) error {
	var p Plan
	if err := db.First(&p, planID).Error; err != nil { // want `lost update: UsedCount read here is written back at line \d+ as a value computed from it`
		return err
	}
	for i := range p.Quotas {
		if p.Quotas[i].Kind != "projects" {
			continue
		}
		if p.Quotas[i].UsedCount >= p.Quotas[i].Limit {
			return errPlanQuota
		}
		if err := db.Create(&Project{PlanID: p.ID}).Error; err != nil {
			return err
		}
		p.Quotas[i].UsedCount++
		return db.Save(&p).Error
	}
	return errPlanQuota
}

// Near miss: the count is raised in a list of the function's own, and the
// plan saved is the one read, unchanged.
func PlanReport(db *gorm.DB, planID uint) error {
	var p Plan
	if err := db.First(&p, planID).Error; err != nil {
		return err
	}
	report := make([]PlanQuota, len(p.Quotas))
	for i := range p.Quotas {
		report[i].UsedCount = p.Quotas[i].UsedCount + 1
	}
	return db.Save(&p).Error
}

// Near miss: the plan is read with its row locked in the transaction that
// saves it.
func CreateProjectLocked(db *gorm.DB, planID uint) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var p Plan
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, planID).Error; err != nil {
			return err
		}
		for i := range p.Quotas {
			if p.Quotas[i].Kind != "projects" || p.Quotas[i].UsedCount >= p.Quotas[i].Limit {
				continue
			}
			if err := tx.Create(&Project{PlanID: p.ID}).Error; err != nil {
				return err
			}
			p.Quotas[i].UsedCount++
			return tx.Save(&p).Error
		}
		return errPlanQuota
	})
}
