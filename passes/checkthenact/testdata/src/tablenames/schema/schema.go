// Package schema holds models whose tables are not named after them.
package schema

import "gorm.io/gorm"

type UserRole struct {
	ID   string
	Name string
}

func (*UserRole) TableName() string { return "user_roles_v1" }

type UserGroup struct {
	ID   string
	Name string
}

func (UserGroup) TableName() string { return "user_groups_v1" }

// Exists asks for the group's name in the table the model names.
func (g *UserGroup) Exists(db *gorm.DB) (bool, error) {
	var exists bool
	err := db.Raw("SELECT EXISTS (SELECT 1 FROM user_groups_v1 WHERE name = ?)", g.Name).Scan(&exists).Error
	return exists, err
}

// Create inserts the group through its model.
func (g *UserGroup) Create(db *gorm.DB) error {
	return db.Model(&UserGroup{}).Create(g).Error
}
