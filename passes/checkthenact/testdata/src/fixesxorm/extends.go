package fixesxorm

import "xorm.io/xorm"

// A field tagged extends puts its struct's columns in the model's table,
// with their tags: the unique name a shared base declares is the model's.

// Named is a base whose name is unique wherever it is extended.
type Named struct {
	Name string `xorm:"VARCHAR(64) NOT NULL UNIQUE"`
}

// Team extends Named: team.name is unique.
type Team struct {
	Id    int64
	Named `xorm:"extends"`
}

func addTeam(engine *xorm.Engine, name string) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM team WHERE name = ?", name).Get(&id) // want `check-then-act race: [^;]*$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO team (name) VALUES (?)", name)
	return err
}

// Titled is a base whose title has an index, not a unique one.
type Titled struct {
	Title string `xorm:"VARCHAR(64) INDEX"`
}

// Page extends Titled: nothing makes page.title unique.
type Page struct {
	Id     int64
	Titled `xorm:"extends"`
}

func addPage(engine *xorm.Engine, title string) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM page WHERE title = ?", title).Get(&id) // want `; no fix: extends.go declares no unique constraint on page \(title\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY page_title_key ON page \(title\)\), or claim the key with runtime/claim$`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO page (title) VALUES (?)", title)
	return err
}
