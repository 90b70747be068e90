// Package gopgcheck uses go-pg v10.
package gopgcheck

import (
	"github.com/go-pg/pg/v10"
)

type Payment struct {
	ID  int64
	Key string
}

type Refund struct {
	ID  int64
	Key string
}

func pay(db *pg.DB, key string) error {
	exists, err := db.Model((*Payment)(nil)).Where("key = ?", key).Exists() // want `check-then-act race: the existence check Exists`
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Payment{Key: key}).Insert()
	return err
}

// Near miss: OnConflict("DO NOTHING") makes the insert conditional.
func payOnConflict(db *pg.DB, key string) error {
	exists, err := db.Model((*Payment)(nil)).Where("key = ?", key).Exists()
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Payment{Key: key}).OnConflict("(key) DO NOTHING").Insert()
	return err
}

func paySelect(db *pg.DB, key string) error {
	var p Payment
	err := db.Model(&p).Where("key = ?", key).Select() // want `check-then-act race: the existence check Select`
	if err != pg.ErrNoRows {
		return err
	}
	_, err = db.Model(&Payment{Key: key}).Insert()
	return err
}

// Near miss: the check reads payments, the insert writes refunds.
func paySelectOther(db *pg.DB, key string) error {
	var p Payment
	err := db.Model(&p).Where("key = ?", key).Select()
	if err != pg.ErrNoRows {
		return err
	}
	_, err = db.Model(&Refund{Key: key}).Insert()
	return err
}
