package fixes

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

var seen sync.Map

func syncMap(id string) {
	if _, ok := seen.Load(id); ok { // want `check-then-act race`
		return
	}
	seen.Store(id, true)
	http.Post("https://ledger.example/apply?id="+id, "", nil)
}

func redisExists(ctx context.Context, rdb *redis.Client, id string, ttl time.Duration) {
	if rdb.Exists(ctx, "evt:"+id).Val() == 0 { // want `check-then-act race`
		rdb.Set(ctx, "evt:"+id, "1", ttl)
		http.Post("https://ledger.example/apply?id="+id, "", nil)
	}
}

type Order struct{ Key string }

func gormCreate(db *gorm.DB, key string) error {
	var o Order
	err := db.Where("key = ?", key).First(&o).Error // want `check-then-act race`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Order{Key: key}).Error
	}
	return err
}

func sqlInsert(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO orders (key) VALUES ($1);`, key)
		return err
	}
	return nil
}

// The insert's text in a local variable set once for it, as services
// write long statements: the literal is edited.
func sqlInsertQueryVar(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n == 0 {
		query := `
			INSERT INTO orders (key)
			VALUES ($1)
		`
		_, err := db.Exec(query, key)
		return err
	}
	return nil
}

// Near miss: the variable's text is used by another statement too, so
// editing it would change that one; no edit, and the message says to add
// the clause by hand.
func sqlInsertSharedQuery(db *sql.DB, key string) error {
	query := `INSERT INTO orders (key) VALUES ($1)`
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race.*; no fix: the unique key \(key\) makes ON CONFLICT \(key\) DO NOTHING safe here, but the INSERT's text is not a string literal`
		return err
	}
	if n == 0 {
		_, err := db.Exec(query, key)
		return err
	}
	_, err := db.Exec(query, key+"-copy")
	return err
}

// No fix: the stored value is computed after the check, so moving it
// into the check would change what runs when.
func syncMapComputed(id string) {
	if _, ok := seen.Load(id); ok { // want `check-then-act race`
		return
	}
	resp, _ := http.Post("https://ledger.example/apply?id="+id, "text/plain", nil)
	seen.Store(id, resp)
}

// No fix: carts has no unique key on key (migrations/0001_init.up.sql), so
// ON CONFLICT DO NOTHING would store both rows; the message says so.
func sqlInsertNoUnique(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM carts WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race.*; no fix: migrations/0001_init.up.sql declares no unique constraint on carts \(key\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY carts_key_key ON carts \(key\)\), or claim the key with runtime/claim$`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO carts (key) VALUES ($1)`, key)
		return err
	}
	return nil
}

// No fix: the unique index on coupons is partial.
func sqlInsertPartial(db *sql.DB, code string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM coupons WHERE code = $1`, code).Scan(&n); err != nil { // want `; no fix: the unique index on coupons in migrations/0001_init.up.sql is partial`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO coupons (code) VALUES ($1)`, code)
		return err
	}
	return nil
}

// No fix: no script of the module declares ledger.
func sqlInsertUndeclared(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM ledger WHERE key = $1`, key).Scan(&n); err != nil { // want `; no fix: no schema idemvet reads declares ledger \(it reads the module's .sql files, the DDL strings in its Go code, and its ORM models\), and a conditional insert picks one winner only under a unique constraint on ledger \(key\); check the database has one \(CREATE UNIQUE INDEX CONCURRENTLY ledger_key_key ON ledger \(key\)\)`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO ledger (key) VALUES ($1)`, key)
		return err
	}
	return nil
}

// gorm: the model's tags declare the unique key AutoMigrate creates.
type Invite struct {
	ID   uint
	Code string `gorm:"uniqueIndex"`
}

func gormTagged(db *gorm.DB, code string) error {
	var inv Invite
	err := db.Where("code = ?", code).First(&inv).Error // want `check-then-act race: [^;]*$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Invite{Code: code}).Error
	}
	return err
}

// No fix: the record Create fills is returned with the call, and a
// conditional create that made no row would hand back a zero ID and no
// error where the check answers ErrExists.
func gormTaggedReturned(db *gorm.DB, code string) (*Invite, error) {
	err := db.Where("code = ?", code).First(new(Invite)).Error // want `check-then-act race: [^;]*$`
	if err == nil {
		return nil, errors.New("invite exists")
	} else if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	inv := &Invite{Code: code}
	return inv, db.Create(inv).Error
}

// gorm: a composite unique index named on both fields.
type Membership struct {
	OrgID  uint `gorm:"uniqueIndex:idx_org_user"`
	UserID uint `gorm:"uniqueIndex:idx_org_user"`
}

func gormComposite(db *gorm.DB, org, user uint) error {
	var m Membership
	err := db.Where("org_id = ? AND user_id = ?", org, user).First(&m).Error // want `check-then-act race: [^;]*$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Membership{OrgID: org, UserID: user}).Error
	}
	return err
}

// No fix: neither a tag nor a script makes vouchers.code unique.
type Voucher struct {
	ID   uint
	Code string `gorm:"index"`
}

func gormUntagged(db *gorm.DB, code string) error {
	var v Voucher
	err := db.Where("code = ?", code).First(&v).Error // want `; no fix: Voucher declares no unique key on code \(a gorm:"uniqueIndex" tag, or a unique constraint on vouchers in the module's schema\), so a conditional create would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY vouchers_code_key ON vouchers \(code\)\), or claim the key with runtime/claim$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Voucher{Code: code}).Error
	}
	return err
}
