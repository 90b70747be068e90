// Package bootloop holds delivery loops: pending work selected by a list
// query, sent and marked one by one. A loop started once at boot by a
// starter runs alone in its process; the same loop reachable from a
// request, or started per call, has twins.
package bootloop

import (
	"net/http"
	"time"

	"github.com/robfig/cron/v3"
	"gorm.io/gorm"
)

type Hook struct {
	ID        uint
	URL       string
	Delivered bool
}

type Sender interface {
	SendHook(url string) error
}

var (
	db     *gorm.DB
	sender Sender
)

// Near miss: deliverHooks runs only in the goroutine InitDeliverHooks
// starts once at boot: no twin loop selects the same hooks.
func deliverHooks() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil {
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func InitDeliverHooks() {
	go deliverHooks()
}

// The same loop, also run by an HTTP handler: a request and the boot
// loop (or two requests) both select a pending hook and both send it.
func redeliverHooks() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil { // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendHook`
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func InitRedeliverHooks() {
	go redeliverHooks()
}

func RedeliverHandler(w http.ResponseWriter, r *http.Request) {
	redeliverHooks()
}

// A loop started by a starter that takes what it starts for (one per
// repository, per request): two starts run two loops at once.
func syncRepoHooks(repoID int64) {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil { // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendHook`
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func InitRepoHooks(repoID int64) {
	go syncRepoHooks(repoID)
}

// safeGoroutine starts f and recovers its panics, as services' util
// packages do.
func safeGoroutine(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Near miss: the ticker loop a starter hands to the launcher runs alone.
func flushTicked() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil {
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func StartFlushWorker() {
	safeGoroutine(func() {
		ticker := time.NewTicker(time.Minute)
		defer ticker.Stop()
		for range ticker.C {
			flushTicked()
		}
	})
}

// The same launcher in a handler: each request starts a loop of its own.
func flushPerRequest() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil { // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendHook`
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func FlushHandler(w http.ResponseWriter, r *http.Request) {
	safeGoroutine(func() {
		flushPerRequest()
	})
}

type Digests struct{}

// Near miss: a job a starter registers with the scheduler runs from one
// schedule.
func (d *Digests) sendDigests() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil {
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func StartScheduler() {
	d := &Digests{}
	c := cron.New()
	_, _ = c.AddFunc("@every 1m", d.sendDigests)
	c.Start()
}

// The same job also run by a handler, beside the schedule.
func (d *Digests) resendDigests() {
	var pending []Hook
	if err := db.Where("delivered = ?", false).Find(&pending).Error; err != nil { // want `status-gate race: the list read here selects records by their state \(the gate, once per element\), then SendHook`
		return
	}
	for _, h := range pending {
		if sender.SendHook(h.URL) == nil {
			db.Model(&Hook{}).Where("id = ?", h.ID).Update("delivered", true)
		}
	}
}

func StartResendScheduler() {
	d := &Digests{}
	c := cron.New()
	_, _ = c.AddFunc("@every 1m", d.resendDigests)
	c.Start()
}

func (d *Digests) ResendHandler(w http.ResponseWriter, r *http.Request) {
	d.resendDigests()
}
