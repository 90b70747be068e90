// Package limits holds a balance or quota checked by a read and then taken
// by a relative update in a separate step, in the shapes services write
// it: model helpers on gorm, a database/sql store.
package limits

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

var DB *gorm.DB

type Token struct {
	Id             int
	UserID         int
	RemainQuota    int64
	UnlimitedQuota bool
}

func GetTokenByID(id int) (*Token, error) {
	if id == 0 {
		return nil, errors.New("no id")
	}
	t := Token{Id: id}
	err := DB.First(&t, "id = ?", id).Error
	return &t, err
}

// BatchUpdates queues the take instead, for a batch writer to apply.
var BatchUpdates bool

func queueUpdate(id int, delta int64) {}

func DecreaseTokenQuota(id int, quota int64) error {
	if BatchUpdates {
		queueUpdate(id, -quota)
		return nil
	}
	return decreaseTokenQuota(id, quota)
}

func decreaseTokenQuota(id int, quota int64) error {
	return DB.Model(&Token{}).Where("id = ?", id).Updates(map[string]interface{}{
		"remain_quota": gorm.Expr("remain_quota - ?", quota),
		"used_quota":   gorm.Expr("used_quota + ?", quota),
	}).Error
}

// Two relay requests both read enough quota, both pass the test and both
// take: the token is overdrawn.
func PreConsumeTokenQuota(tokenID int, quota int64) error {
	token, err := GetTokenByID(tokenID) // want `limit race: RemainQuota read here is compared at line \d+, and DecreaseTokenQuota at line \d+ takes from it in a separate step`
	if err != nil {
		return err
	}
	if !token.UnlimitedQuota && token.RemainQuota < quota {
		return errors.New("quota exhausted")
	}
	return DecreaseTokenQuota(tokenID, quota)
}

func remind(userID int) {}

// The same with the token captured by a goroutine that sends a reminder:
// the record lives in a heap variable.
func PreConsumeAndRemind(tokenID int, quota int64) error {
	token, err := GetTokenByID(tokenID) // want `limit race: RemainQuota read here is compared at line \d+, and DecreaseTokenQuota at line \d+ takes from it in a separate step`
	if err != nil {
		return err
	}
	if token.RemainQuota < quota {
		return errors.New("quota exhausted")
	}
	go func() { remind(token.UserID) }()
	return DecreaseTokenQuota(tokenID, quota)
}

// Near miss: the take tests the quota itself and reads rows affected.
func PreConsumeConditional(tokenID int, quota int64) error {
	token, err := GetTokenByID(tokenID)
	if err != nil {
		return err
	}
	if token.RemainQuota < quota {
		return errors.New("quota exhausted")
	}
	res := DB.Model(&Token{}).Where("id = ? AND remain_quota >= ?", tokenID, quota).Update("remain_quota", gorm.Expr("remain_quota - ?", quota))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errors.New("quota exhausted")
	}
	return nil
}

type Accounts struct{ db *sql.DB }

// A store on database/sql: the balance is scanned, compared with the
// price, and taken.
func (a *Accounts) Pay(ctx context.Context, accountID int64, price int64) error {
	var balance int64
	if err := a.db.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil { // want `limit race: .* read here is compared at line \d+, and the update of accounts at line \d+ takes from it`
		return err
	}
	if balance < price {
		return errors.New("insufficient balance")
	}
	_, err := a.db.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, price, accountID)
	return err
}

// Near miss: the row is read FOR UPDATE in the transaction that takes: the
// second caller waits, then reads what the first left.
func (a *Accounts) PayLocked(ctx context.Context, accountID int64, price int64) error {
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, accountID).Scan(&balance); err != nil {
		return err
	}
	if balance < price {
		return errors.New("insufficient balance")
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, price, accountID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the comparison refuses nothing the update depends on: the
// update runs on both sides (a log of how often the limit was hit).
func (a *Accounts) Touch(ctx context.Context, accountID int64, price int64) error {
	var balance int64
	if err := a.db.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil {
		return err
	}
	low := 0
	if balance < price {
		low = 1
	}
	_, err := a.db.ExecContext(ctx, `UPDATE accounts SET low_hits = low_hits + $1 WHERE id = $2`, low, accountID)
	return err
}

type Code struct {
	ID        int
	ExpiresAt int64
	Uses      int64
}

func GetCodeByID(id int) (*Code, error) {
	c := Code{}
	err := DB.First(&c, "id = ?", id).Error
	return &c, err
}

// Near miss: the comparison is of an expiry, not of what the update takes
// from; counting uses twice is what the code means to do.
func UseCode(id int, now int64) error {
	code, err := GetCodeByID(id)
	if err != nil {
		return err
	}
	if code.ExpiresAt < now {
		return errors.New("expired")
	}
	return DB.Model(&Code{}).Where("id = ?", id).Update("uses", gorm.Expr("uses + ?", 1)).Error
}
