package memcheck

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
)

// A first-run flag kept beside a mutex: read under the lock, acted on
// after it.

type Setup struct {
	sync.Mutex
	db         *sql.DB
	needsAdmin bool
	needsOwner bool
}

func (s *Setup) createAdmin(ctx context.Context, email string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (email, role) VALUES ($1, 'admin')`, email)
	return err
}

// Two first requests both read needsAdmin true and both create an
// administrator.
func (s *Setup) ServeSetup(w http.ResponseWriter, r *http.Request) {
	s.Lock()
	needs := s.needsAdmin // want `check-then-act race: needsAdmin is read under the lock here and tested after it is released, then createAdmin`
	s.Unlock()
	if needs {
		if err := s.createAdmin(r.Context(), r.FormValue("email")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.finish()
	}
}

func (s *Setup) finish() {
	s.Lock()
	s.needsAdmin = false
	s.Unlock()
}

// Near miss: the flag is tested and cleared in one critical section; only
// the request that cleared it acts.
func (s *Setup) ServeOwnerSetup(w http.ResponseWriter, r *http.Request) {
	s.Lock()
	needs := s.needsOwner
	s.needsOwner = false
	s.Unlock()
	if needs {
		if err := s.createAdmin(r.Context(), r.FormValue("email")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}
