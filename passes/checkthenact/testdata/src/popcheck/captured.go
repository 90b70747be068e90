package popcheck

import "github.com/gobuffalo/pop/v6"

type Provider struct {
	ID       int64
	EntityID string
	Name     string
}

// The record is declared outside the transaction and built inside it, so
// the closure reaches it through the captured variable: its fields still
// key the insert.
func addProvider(db *pop.Connection, entityID, name string) (Provider, error) {
	var p Provider
	err := db.Transaction(func(tx *pop.Connection) error {
		exists, err := tx.Where("entity_id = ?", entityID).Exists(&Provider{}) // want `check-then-act race: the existence check Exists`
		if err != nil || exists {
			return err
		}
		p = Provider{EntityID: entityID, Name: name}
		return tx.Create(&p)
	})
	return p, err
}

// The same with the fields set one by one on the captured variable.
func addProviderFields(db *pop.Connection, entityID, name string) (Provider, error) {
	var p Provider
	err := db.Transaction(func(tx *pop.Connection) error {
		exists, err := tx.Where("entity_id = ?", entityID).Exists(&Provider{}) // want `check-then-act race: the existence check Exists`
		if err != nil || exists {
			return err
		}
		p.EntityID = entityID
		p.Name = name
		return tx.Create(&p)
	})
	return p, err
}

// Near miss: the captured record is keyed by another value than the
// checked one (the check looks up a parent entity, the insert is a new
// provider under a name of its own).
func addProviderOther(db *pop.Connection, entityID, name string) (Provider, error) {
	var p Provider
	err := db.Transaction(func(tx *pop.Connection) error {
		exists, err := tx.Where("entity_id = ?", entityID).Exists(&Provider{})
		if err != nil || exists {
			return err
		}
		p = Provider{EntityID: name, Name: name}
		return tx.Create(&p)
	})
	return p, err
}
