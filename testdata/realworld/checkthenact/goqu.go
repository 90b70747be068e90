package checkthenact

import (
	"github.com/doug-martin/goqu/v9"
	_ "github.com/doug-martin/goqu/v9/dialect/postgres" // the postgres dialect
)

// Delivery is a webhook delivery row keyed by its event id.
type Delivery struct {
	EventID string `db:"event_id"`
}

// DeliverGoqu looks the delivery up with ScanStruct and inserts it when
// it is absent.
func DeliverGoqu(db *goqu.Database, eventID string) error {
	var d Delivery
	found, err := db.From("deliveries").Where(goqu.Ex{"event_id": eventID}).ScanStruct(&d) // want:checkthenact
	if err != nil || found {
		return err
	}
	_, err = db.Insert("deliveries").Rows(Delivery{EventID: eventID}).Executor().Exec()
	return err
}

// DeliverGoquOnConflict inserts with OnConflict(goqu.DoNothing()).
func DeliverGoquOnConflict(db *goqu.Database, eventID string) error {
	var d Delivery
	found, err := db.From("deliveries").Where(goqu.Ex{"event_id": eventID}).ScanStruct(&d)
	if err != nil || found {
		return err
	}
	_, err = db.Insert("deliveries").Rows(Delivery{EventID: eventID}).OnConflict(goqu.DoNothing()).Executor().Exec()
	return err
}

// DeliverGoquCount counts, then inserts.
func DeliverGoquCount(db *goqu.Database, eventID string) error {
	n, err := db.From(goqu.T("deliveries")).Where(goqu.Ex{"event_id": eventID}).Count() // want:checkthenact
	if err != nil || n > 0 {
		return err
	}
	_, err = db.Insert("deliveries").Rows(Delivery{EventID: eventID}).Executor().Exec()
	return err
}

// DeliverGoquCountOther counts deliveries but inserts into another table.
func DeliverGoquCountOther(db *goqu.Database, eventID string) error {
	n, err := db.From(goqu.T("deliveries")).Where(goqu.Ex{"event_id": eventID}).Count()
	if err != nil || n > 0 {
		return err
	}
	_, err = db.Insert("delivery_attempts").Rows(Delivery{EventID: eventID}).Executor().Exec()
	return err
}
