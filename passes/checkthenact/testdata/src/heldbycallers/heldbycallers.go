// Package heldbycallers has helpers that check and insert without a lock
// of their own, called only where their callers serialise them (gotify's
// plugin manager), beside helpers some caller runs unprotected.
package heldbycallers

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"sync"
)

type Manager struct {
	mu sync.Mutex
	db *sql.DB
}

// ensureConf checks, then inserts: safe only because every caller holds
// m.mu or runs in the constructor.
func (m *Manager) ensureConf(ctx context.Context, userID int64) error {
	var id int64
	err := m.db.QueryRowContext(ctx, `SELECT id FROM plugin_confs WHERE user_id = $1`, userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = m.db.ExecContext(ctx, `INSERT INTO plugin_confs (user_id) VALUES ($1)`, userID)
	}
	return err
}

// initUser is unexported and reached only under the lock or from the
// constructor, so ensureConf below it runs one at a time too.
func (m *Manager) initUser(ctx context.Context, userID int64) error {
	return m.ensureConf(ctx, userID)
}

func NewManager(ctx context.Context, db *sql.DB, users []int64) (*Manager, error) {
	m := &Manager{db: db}
	for _, u := range users {
		if err := m.initUser(ctx, u); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// OnUserAdded runs for every new user, concurrently, but takes the lock.
func (m *Manager) OnUserAdded(ctx context.Context, userID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.initUser(ctx, userID)
}

// ensureToken has one caller that releases the lock before calling it.
func (m *Manager) ensureToken(ctx context.Context, userID int64) error {
	var id int64
	err := m.db.QueryRowContext(ctx, `SELECT id FROM tokens WHERE user_id = $1`, userID).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = m.db.ExecContext(ctx, `INSERT INTO tokens (user_id) VALUES ($1)`, userID)
	}
	return err
}

func (m *Manager) RefreshLocked(ctx context.Context, userID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ensureToken(ctx, userID)
}

func (m *Manager) RefreshUnlocked(ctx context.Context, userID int64) error {
	m.mu.Lock()
	m.mu.Unlock()
	return m.ensureToken(ctx, userID)
}

// ensureSession is called under the lock, but also handed out as an HTTP
// handler's helper value: a caller the package cannot see may run it.
func (m *Manager) ensureSession(ctx context.Context, userID int64) error {
	var id int64
	err := m.db.QueryRowContext(ctx, `SELECT id FROM sessions WHERE user_id = $1`, userID).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = m.db.ExecContext(ctx, `INSERT INTO sessions (user_id) VALUES ($1)`, userID)
	}
	return err
}

func (m *Manager) Login(ctx context.Context, userID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ensureSession(ctx, userID)
}

func (m *Manager) SessionStep() func(context.Context, int64) error { return m.ensureSession }

// EnsureAccount is exported: callers in other packages need not lock.
func (m *Manager) EnsureAccount(ctx context.Context, userID int64) error {
	var id int64
	err := m.db.QueryRowContext(ctx, `SELECT id FROM accounts WHERE user_id = $1`, userID).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = m.db.ExecContext(ctx, `INSERT INTO accounts (user_id) VALUES ($1)`, userID)
	}
	return err
}

func (m *Manager) AddAccount(ctx context.Context, userID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.EnsureAccount(ctx, userID)
}

// ensureWebhook's only caller is an HTTP handler without a lock.
func (m *Manager) ensureWebhook(ctx context.Context, userID int64) error {
	var id int64
	err := m.db.QueryRowContext(ctx, `SELECT id FROM webhooks WHERE user_id = $1`, userID).Scan(&id) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = m.db.ExecContext(ctx, `INSERT INTO webhooks (user_id) VALUES ($1)`, userID)
	}
	return err
}

func (m *Manager) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := m.ensureWebhook(r.Context(), 1); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
