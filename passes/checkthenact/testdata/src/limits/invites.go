package limits

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

type Member struct {
	ID     int64
	OrgID  int64
	UserID int64
}

const maxMembers = 5

// Two accepts of invitations to an organisation one below its limit both
// count the members under it and both add one.
func AcceptInvite(db *gorm.DB, orgID, userID int64) error {
	var n int64
	if err := db.Model(&Member{}).Where("org_id = ?", orgID).Count(&n).Error; err != nil { // want `limit race: the count Count is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
		return err
	}
	if n >= maxMembers {
		return errors.New("organisation is full")
	}
	return db.Create(&Member{OrgID: orgID, UserID: userID}).Error
}

// Near miss: the organisation's row is locked first, so the second accept
// waits and counts the first one's member.
func AcceptInviteLocked(db *gorm.DB, orgID, userID int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SELECT id FROM orgs WHERE id = ? FOR UPDATE", orgID).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Member{}).Where("org_id = ?", orgID).Count(&n).Error; err != nil {
			return err
		}
		if n >= maxMembers {
			return errors.New("organisation is full")
		}
		return tx.Create(&Member{OrgID: orgID, UserID: userID}).Error
	})
}

type Downloads struct{ db *sql.DB }

// The distinct addresses of the day are counted, then one more is logged.
func (d *Downloads) Sign(ctx context.Context, orderID int64, ip string, limit int) error {
	var n int
	if err := d.db.QueryRowContext(ctx, `SELECT count(DISTINCT ip) FROM download_events WHERE order_id = $1`, orderID).Scan(&n); err != nil { // want `limit race: the count of download_events is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
		return err
	}
	if n > limit {
		return errors.New("too many addresses")
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO download_events (order_id, ip) VALUES ($1, $2)`, orderID, ip)
	return err
}

// Near miss: the count and the insert run in one SERIALIZABLE
// transaction: one of two concurrent callers fails to commit.
func (d *Downloads) SignSerializable(ctx context.Context, orderID int64, ip string, limit int) error {
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(DISTINCT ip) FROM download_events WHERE order_id = $1`, orderID).Scan(&n); err != nil {
		return err
	}
	if n > limit {
		return errors.New("too many addresses")
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO download_events (order_id, ip) VALUES ($1, $2)`, orderID, ip); err != nil {
		return err
	}
	return tx.Commit()
}
