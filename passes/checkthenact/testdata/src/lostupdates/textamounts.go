package lostupdates

import (
	"fmt"
	"strconv"

	"gorm.io/gorm"
)

// A balance kept as text (a decimal string, or one the record encrypts):
// read, turned into a number, adjusted, formatted and written back. Two
// payments read the same balance and the second write loses the first.

type Till struct {
	ID    uint
	Funds string // "12.50"
	Owner string
}

func (p *Till) fundsValue() (float64, error) { return strconv.ParseFloat(p.Funds, 64) }

func loadTill(db *gorm.DB, id uint) (*Till, error) {
	var p *Till
	err := db.Where("id = ?", id).First(&p).Error
	return p, err
}

func saveTill(db *gorm.DB, id uint, p *Till) error {
	return db.Model(&Till{}).Where("id = ?", id).Updates(p).Error
}

// The record's own method decodes the text; the difference is formatted
// back into the field.
func SpendFromTill(db *gorm.DB, id uint, cost float64) error {
	p, err := loadTill(db, id) // want `lost update: Funds read here is written back at line \d+ as a value computed from it`
	if err != nil {
		return err
	}
	have, err := p.fundsValue()
	if err != nil {
		return err
	}
	if have < cost {
		return fmt.Errorf("short by %f", cost-have)
	}
	p.Funds = fmt.Sprintf("%f", have-cost)
	return saveTill(db, id, p)
}

// strconv straight on the field, and strconv back.
func RefillTill(db *gorm.DB, id uint, amount float64) error {
	var p Till
	if err := db.First(&p, id).Error; err != nil { // want `lost update: Funds read here is written back at line \d+ as a value computed from it`
		return err
	}
	have, _ := strconv.ParseFloat(p.Funds, 64)
	p.Funds = strconv.FormatFloat(have+amount, 'f', 2, 64)
	return db.Save(&p).Error
}

// Near miss: the text is replaced by a value of the request, not one
// computed from what was read. The save of the whole till writes back the
// owner LabelTill may have set since the read, the other race.
func ResetTill(db *gorm.DB, id uint, amount float64) error {
	var p Till
	if err := db.First(&p, id).Error; err != nil { // want `lost update: the till row read here is saved whole at line \d+ with every column as read, owner among them, which LabelTill`
		return err
	}
	have, _ := strconv.ParseFloat(p.Funds, 64)
	if have == amount {
		return nil
	}
	p.Funds = strconv.FormatFloat(amount, 'f', 2, 64)
	return db.Save(&p).Error
}

// Near miss: the computed text is shown, not written back.
func PreviewTill(db *gorm.DB, id uint, cost float64) (string, error) {
	p, err := loadTill(db, id)
	if err != nil {
		return "", err
	}
	have, err := p.fundsValue()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%f", have-cost), nil
}

// Near miss: the amount read, plus one, formatted into a label stored in
// another column of the till: a key that holds a number is no amount.
func LabelTill(db *gorm.DB, id uint) error {
	var p Till
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	have, _ := strconv.ParseFloat(p.Funds, 64)
	return db.Model(&Till{}).Where("id = ?", id).Update("owner", fmt.Sprintf("till-%d-after-%f", id, have+1)).Error
}
