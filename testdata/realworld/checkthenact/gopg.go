package checkthenact

import (
	"errors"

	"github.com/go-pg/pg/v10"
)

// Transfer is a go-pg model, unique by Key.
type Transfer struct {
	ID  int64
	Key string `pg:",unique"`
}

// TransferLog is a go-pg model of another table.
type TransferLog struct {
	ID  int64
	Key string
}

// TransferGoPg checks with Exists, then inserts.
func TransferGoPg(db *pg.DB, key string) error {
	exists, err := db.Model((*Transfer)(nil)).Where("key = ?", key).Exists() // want:checkthenact
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Transfer{Key: key}).Insert()
	return err
}

// TransferGoPgOnConflict inserts with OnConflict("DO NOTHING").
func TransferGoPgOnConflict(db *pg.DB, key string) error {
	exists, err := db.Model((*Transfer)(nil)).Where("key = ?", key).Exists()
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Transfer{Key: key}).OnConflict("(key) DO NOTHING").Insert()
	return err
}

// TransferGoPgSelect reads with Select; absence is pg.ErrNoRows.
func TransferGoPgSelect(db *pg.DB, key string) error {
	var t Transfer
	err := db.Model(&t).Where("key = ?", key).Select() // want:checkthenact
	if !errors.Is(err, pg.ErrNoRows) {
		return err
	}
	_, err = db.Model(&Transfer{Key: key}).Insert()
	return err
}

// TransferGoPgSelectLog reads transfers but inserts a log row.
func TransferGoPgSelectLog(db *pg.DB, key string) error {
	var t Transfer
	err := db.Model(&t).Where("key = ?", key).Select()
	if !errors.Is(err, pg.ErrNoRows) {
		return err
	}
	_, err = db.Model(&TransferLog{Key: key}).Insert()
	return err
}
