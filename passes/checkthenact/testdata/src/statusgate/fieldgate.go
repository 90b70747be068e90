package statusgate

import (
	"errors"

	"gorm.io/gorm"
)

// A whole-record save is the state write only when the tested field was
// assigned before it; a test of a field nothing assigns (an access or a
// configuration check) guards no transition.

// Checkout is an order with its payment state and the processor the shop
// configured for it.
type Checkout struct {
	ID        uint
	State     string
	Processor string
	Amount    int64
	Note      string
}

// Receipt is a row per receipt issued.
type Receipt struct {
	ID         uint
	CheckoutID uint
	Amount     int64
}

var errNoProcessor = errors.New("no payment processor configured")

// Two callbacks both see the checkout unpaid, both mail a receipt and
// both save the state they assigned.
func confirmCheckout(db *gorm.DB, mail Mailer, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil { // want `status-gate race: State read here is tested, then SendReceipt`
		return err
	}
	if c.State == "paid" {
		return nil
	}
	if err := mail.SendReceipt("buyer@example.com", c.Amount); err != nil {
		return err
	}
	c.State = "paid"
	return db.Save(&c).Error
}

// Near miss: the test is of the configuration, which nothing assigns; the
// Save writes back the processor both callers read (a resend of the
// receipt, once per request, and no state to move). The whole-record save
// is a lost update all the same: it writes back the State that
// confirmCheckout may have moved since the read.
func resendReceipt(db *gorm.DB, mail Mailer, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil { // want `lost update: the checkout row read here is saved whole at line \d+ with every column as read, State among them, which confirmCheckout`
		return err
	}
	if c.Processor == "" {
		return errNoProcessor
	}
	if err := mail.SendReceipt("buyer@example.com", c.Amount); err != nil {
		return err
	}
	c.Note = "receipt sent again"
	return db.Save(&c).Error
}

// The helper the gated branch calls assigns the state, saves the whole
// record and records a receipt: both callbacks run it.
func confirmCheckoutThroughHelper(db *gorm.DB, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil { // want `status-gate race: State read here is tested, then settleCheckout at line \d+ acts and writes the state`
		return err
	}
	if c.State == "paid" {
		return nil
	}
	return settleCheckout(db, &c)
}

func settleCheckout(db *gorm.DB, c *Checkout) error {
	c.State = "paid"
	if err := db.Save(c).Error; err != nil {
		return err
	}
	return db.Create(&Receipt{CheckoutID: c.ID, Amount: c.Amount}).Error
}

// Near miss: the helper saves the whole record and records a receipt, but neither it
// nor the caller assigns the processor the gate tests.
func resendReceiptThroughHelper(db *gorm.DB, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	if c.Processor == "" {
		return errNoProcessor
	}
	return noteCheckout(db, &c)
}

func noteCheckout(db *gorm.DB, c *Checkout) error {
	c.Note = "receipt sent again"
	if err := db.Save(c).Error; err != nil {
		return err
	}
	return db.Create(&Receipt{CheckoutID: c.ID, Amount: c.Amount}).Error
}

// The helper saves the whole record and, inside its transaction, sets the
// state by SQL: the state write names the column although no Go code
// assigns the field.
func confirmCheckoutInTx(db *gorm.DB, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil { // want `status-gate race: State read here is tested, then closeCheckout at line \d+ acts and writes the state`
		return err
	}
	if c.State == "paid" {
		return nil
	}
	return closeCheckout(db, &c)
}

func closeCheckout(db *gorm.DB, c *Checkout) error {
	return db.Transaction(func(tx *gorm.DB) error {
		c.Note = "closed"
		if err := tx.Save(c).Error; err != nil {
			return err
		}
		if err := tx.Exec("UPDATE checkouts SET state = 'paid' WHERE id = ?", c.ID).Error; err != nil {
			return err
		}
		return tx.Create(&Receipt{CheckoutID: c.ID, Amount: c.Amount}).Error
	})
}

// The state is assigned four calls down the package's helpers (apply the
// payment, settle it, close it, finish it) before the whole-record save:
// the chain is followed to the assignment.
func confirmCheckoutDeep(db *gorm.DB, mail Mailer, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil { // want `status-gate race: State read here is tested, then SendReceipt`
		return err
	}
	if c.State == "paid" {
		return nil
	}
	if err := mail.SendReceipt("buyer@example.com", c.Amount); err != nil {
		return err
	}
	applyPayment(&c)
	return db.Save(&c).Error
}

// Near miss: the same chain after a test of the processor, which no
// helper down it assigns.
func resendReceiptDeep(db *gorm.DB, mail Mailer, id uint) error {
	var c Checkout
	if err := db.First(&c, id).Error; err != nil {
		return err
	}
	if c.Processor == "" {
		return errNoProcessor
	}
	if err := mail.SendReceipt("buyer@example.com", c.Amount); err != nil {
		return err
	}
	applyPayment(&c)
	return db.Save(&c).Error
}

func applyPayment(c *Checkout) {
	c.Note = "payment applied"
	settlePayment(c)
}

func settlePayment(c *Checkout) { closePayment(c) }

func closePayment(c *Checkout) { finishPayment(c) }

func finishPayment(c *Checkout) { c.State = "paid" }
