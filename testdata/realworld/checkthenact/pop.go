package checkthenact

import (
	"database/sql"
	"errors"

	"github.com/gobuffalo/pop/v6"
)

// Photo is a pop model, unique by Hash.
type Photo struct {
	ID   int64  `db:"id"`
	Hash string `db:"hash"`
}

// Charge is a pop model of another table.
type Charge struct {
	ID   int64  `db:"id"`
	Hash string `db:"hash"`
}

// UploadPop checks with Exists, then creates.
func UploadPop(tx *pop.Connection, hash string) error {
	exists, err := tx.Where("hash = ?", hash).Exists(&Photo{}) // want:checkthenact
	if err != nil || exists {
		return err
	}
	return tx.Create(&Photo{Hash: hash})
}

// UploadPopOnConflict inserts with a raw ON CONFLICT DO NOTHING.
func UploadPopOnConflict(tx *pop.Connection, hash string) error {
	exists, err := tx.Where("hash = ?", hash).Exists(&Photo{})
	if err != nil || exists {
		return err
	}
	return tx.RawQuery("INSERT INTO photos (hash) VALUES (?) ON CONFLICT (hash) DO NOTHING", hash).Exec()
}

// UploadPopFirst reads with First inside Transaction; absence is
// sql.ErrNoRows.
func UploadPopFirst(db *pop.Connection, hash string) error {
	return db.Transaction(func(tx *pop.Connection) error {
		var p Photo
		err := tx.Where("hash = ?", hash).First(&p) // want:checkthenact
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return tx.Create(&Photo{Hash: hash})
	})
}

// UploadPopFirstCharge reads photos but creates a charge.
func UploadPopFirstCharge(db *pop.Connection, hash string) error {
	return db.Transaction(func(tx *pop.Connection) error {
		var p Photo
		err := tx.Where("hash = ?", hash).First(&p)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return tx.Create(&Charge{Hash: hash})
	})
}
