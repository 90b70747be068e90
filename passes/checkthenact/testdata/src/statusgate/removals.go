package statusgate

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

type Session struct {
	ID     string
	UserID int64
}

type WebhookEvent struct {
	ID      int64
	Kind    string
	Payload string
}

type AuditEntry struct {
	ID   int64
	What string
}

var errNoSession = errors.New("no session")

// A logout finds the session, deletes it without reading whether it
// removed it, and queues a session.deleted webhook: a double logout (a
// double click, a retry) queues two.
func logout(ctx context.Context, db *gorm.DB, id string) error {
	var s Session
	if err := db.WithContext(ctx).Where("id = ?", id).First(&s).Error; err != nil { // want `removal race: the row read here is deleted by Delete at line \d+`
		return errNoSession
	}
	if err := db.WithContext(ctx).Delete(&s).Error; err != nil {
		return err
	}
	return db.WithContext(ctx).Create(&WebhookEvent{Kind: "session.deleted", Payload: s.ID}).Error
}

// Near miss: only the request whose delete removed the row announces it.
func logoutOnce(ctx context.Context, db *gorm.DB, id string) error {
	var s Session
	if err := db.WithContext(ctx).Where("id = ?", id).First(&s).Error; err != nil {
		return errNoSession
	}
	res := db.WithContext(ctx).Delete(&s)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return nil
	}
	return db.WithContext(ctx).Create(&WebhookEvent{Kind: "session.deleted", Payload: s.ID}).Error
}

// Near miss: what follows the delete is a row of an audit log, not an
// announcement sent on.
func logoutAudited(ctx context.Context, db *gorm.DB, id string) error {
	var s Session
	if err := db.WithContext(ctx).Where("id = ?", id).First(&s).Error; err != nil {
		return errNoSession
	}
	if err := db.WithContext(ctx).Delete(&s).Error; err != nil {
		return err
	}
	return db.WithContext(ctx).Create(&AuditEntry{What: "logout " + s.ID}).Error
}

type handler func(ctx context.Context) error

func getSession(db *gorm.DB) handler {
	return func(ctx context.Context) error {
		var s Session
		return db.WithContext(ctx).First(&s).Error
	}
}

func deleteSession(db *gorm.DB) handler {
	return func(ctx context.Context) error { return db.WithContext(ctx).Delete(&Session{}).Error }
}

func notifyAll(db *gorm.DB) handler {
	return func(ctx context.Context) error {
		return db.WithContext(ctx).Create(&WebhookEvent{Kind: "ping"}).Error
	}
}

// Near miss: a route table builds handlers; nothing it calls runs them.
func routes(db *gorm.DB) []handler {
	return []handler{getSession(db), deleteSession(db), notifyAll(db)}
}
