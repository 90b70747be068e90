package firstcomers

import (
	"context"
	"net/http"
)

type QueryOptions struct{ Filters any }

type Member struct {
	ID       string
	UserName string
	IsAdmin  bool
}

type AuditEntry struct {
	ID     string
	Action string
}

// MemberRepository and AuditRepository are reached through a data store
// whose implementation this package does not import.
type MemberRepository interface {
	CountAll(opts ...QueryOptions) (int64, error)
	Get(id string) (*Member, error)
	Put(m *Member) error
}

type AuditRepository interface {
	Get(id string) (*AuditEntry, error)
	Put(e *AuditEntry) error
}

type DataStore interface {
	Member(ctx context.Context) MemberRepository
	Audit(ctx context.Context) AuditRepository
}

// Two first-run setups both count no member and both create an admin.
func CreateFirstAdmin(ds DataStore) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := ds.Member(r.Context()).CountAll() // want `check-then-act race: the existence check CountAll`
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if c > 0 {
			http.Error(w, "an admin exists", http.StatusForbidden)
			return
		}
		if err := putAdmin(r.Context(), ds, r.FormValue("username")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

func putAdmin(ctx context.Context, ds DataStore, name string) error {
	return ds.Member(ctx).Put(&Member{UserName: name, IsAdmin: true}) // the store picks the id
}

// Near miss: what the "none yet" branch writes goes through another
// repository (an audit entry of the refused setup is not the member).
func AuditFirstRun(ds DataStore) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := ds.Member(r.Context()).CountAll()
		if err != nil || c > 0 {
			return
		}
		_ = putAudit(r.Context(), ds)
	}
}

func putAudit(ctx context.Context, ds DataStore) error {
	return ds.Audit(ctx).Put(&AuditEntry{Action: "first-run"})
}

// Near miss: the "none yet" branch writes back a member loaded before, a
// Put that may update it, not one that adds a member.
func RenameOnFirstRun(ds DataStore, id string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := ds.Member(r.Context()).CountAll()
		if err != nil || c > 0 {
			return
		}
		m, err := ds.Member(r.Context()).Get(id)
		if err != nil {
			return
		}
		m.UserName = r.FormValue("username")
		_ = ds.Member(r.Context()).Put(m)
	}
}
