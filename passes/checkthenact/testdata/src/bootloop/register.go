package bootloop

import (
	"net/http"
	"time"

	"github.com/robfig/cron/v3"
)

// Jobs a Register hook schedules at boot: the closure it hands the
// scheduler calls a function that only the job calls.

type Notice struct {
	ID     uint
	HookID uint
}

// Near miss: noticeIfNew runs only from the hourly job RegisterExpiryCron
// schedules once; no twin of the job lists the same hooks.
func RegisterExpiryCron() {
	c := cron.New()
	_, _ = c.AddFunc("@hourly", func() { remindExpiring(time.Now()) })
	c.Start()
}

func remindExpiring(now time.Time) {
	var hooks []Hook
	if err := db.Where("created_at < ?", now).Find(&hooks).Error; err != nil {
		return
	}
	for _, h := range hooks {
		_ = noticeIfNew(h)
	}
}

func noticeIfNew(h Hook) error {
	var n int64
	if err := db.Model(&Notice{}).Where("hook_id = ?", h.ID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if err := db.Create(&Notice{HookID: h.ID}).Error; err != nil {
		return err
	}
	return sender.SendHook(h.URL)
}

// The same kind of job, whose helper a handler calls too.
func RegisterRenewalCron() {
	c := cron.New()
	_, _ = c.AddFunc("@hourly", func() { renewAll() })
	c.Start()
}

func renewAll() {
	var hooks []Hook
	if err := db.Find(&hooks).Error; err != nil {
		return
	}
	for _, h := range hooks {
		_ = renewalNotice(h)
	}
}

func renewalNotice(h Hook) error {
	var n int64
	if err := db.Model(&Notice{}).Where("hook_id = ?", h.ID).Count(&n).Error; err != nil { // want `check-then-act race: the existence check Count`
		return err
	}
	if n > 0 {
		return nil
	}
	if err := db.Create(&Notice{HookID: h.ID}).Error; err != nil {
		return err
	}
	return sender.SendHook(h.URL)
}

func RenewHandler(w http.ResponseWriter, r *http.Request) {
	_ = renewalNotice(Hook{ID: 1})
}
