package bootloop

import (
	"database/sql"
	"net/http"
	"sync"
)

type Keys struct {
	db   *sql.DB
	once sync.Once
}

// initKeySum records the key's checksum the first time it is seen.
func (k *Keys) initKeySum(sum string) error {
	var saved string
	err := k.db.QueryRow(`SELECT value FROM property WHERE id = 'key_sum'`).Scan(&saved)
	if err == sql.ErrNoRows {
		_, err = k.db.Exec(`INSERT INTO property (id, value) VALUES ('key_sum', $1)`, sum)
	}
	return err
}

// Near miss: the check and the insert run inside once.Do: one run per
// Keys, and a request that comes while it runs waits for it.
func (k *Keys) Ensure(sum string) {
	k.once.Do(func() {
		_ = k.initKeySum(sum)
	})
}

// Near miss: sync.OnceValue runs the closure once, whoever calls the
// function it returns.
func NewLazyKeys(db *sql.DB, sum string) func() error {
	k := &Keys{db: db}
	return sync.OnceValue(func() error { return k.recordKeySum(sum) })
}

func (k *Keys) recordKeySum(sum string) error {
	var saved string
	err := k.db.QueryRow(`SELECT value FROM property WHERE id = 'key_sum_v2'`).Scan(&saved)
	if err == sql.ErrNoRows {
		_, err = k.db.Exec(`INSERT INTO property (id, value) VALUES ('key_sum_v2', $1)`, sum)
	}
	return err
}

type Flags struct{ db *sql.DB }

func (f *Flags) initFlag(name string) error {
	var saved string
	err := f.db.QueryRow(`SELECT value FROM property WHERE id = $1`, name).Scan(&saved) // want `check-then-act race: the existence check on property`
	if err == sql.ErrNoRows {
		_, err = f.db.Exec(`INSERT INTO property (id, value) VALUES ($1, 'on')`, name)
	}
	return err
}

// The same check run by every request's closure: two requests both find
// no flag and both insert.
func (f *Flags) Handle(w http.ResponseWriter, r *http.Request) {
	run := func() { _ = f.initFlag(r.URL.Query().Get("flag")) }
	run()
}
