// Package tablenames checks a name in a table by its SQL name and inserts
// through the model whose TableName returns it: one table.
package tablenames

import (
	"errors"

	"gorm.io/gorm"

	"tablenames/schema"
)

// The model is another package's; its TableName reaches here as a fact.
func CreateRole(db *gorm.DB, role *schema.UserRole) error {
	var exists bool
	if err := db.Raw("SELECT EXISTS (SELECT 1 FROM user_roles_v1 WHERE name = ?)", role.Name).Scan(&exists).Error; err != nil { // want `check-then-act race: the existence check`
		return err
	}
	if exists {
		return errors.New("role already exists")
	}
	return db.Create(role).Error
}

// Near miss: the name is checked in the archive, another table; the
// insert into the roles table is not decided by what it holds.
func CreateRoleUnlessArchived(db *gorm.DB, role *schema.UserRole) error {
	var exists bool
	if err := db.Raw("SELECT EXISTS (SELECT 1 FROM user_roles_archive WHERE name = ?)", role.Name).Scan(&exists).Error; err != nil {
		return err
	}
	if exists {
		return errors.New("role was archived")
	}
	return db.Create(role).Error
}

// The check and the insert are the model's own methods, one through SQL
// text and one through the model.
func CreateGroup(db *gorm.DB, g *schema.UserGroup) error {
	exists, err := g.Exists(db) // want `check-then-act race: the existence check Exists`
	if err != nil {
		return err
	}
	if exists {
		return errors.New("group already exists")
	}
	return g.Create(db)
}
