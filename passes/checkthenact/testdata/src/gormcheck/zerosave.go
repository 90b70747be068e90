package gormcheck

import (
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"
)

// A repository hands back the zero record when none is stored, and the
// handler saves it whatever it found: gorm's Save inserts a record whose
// key is zero. The handler reports a failed lookup through a helper that
// writes the response.

type ServerPerms struct {
	ID       uint
	UserID   uint
	ServerID string
	Scopes   string
}

type serverPerms struct{ db *gorm.DB }

func (r serverPerms) get(userID uint, serverID string) (*ServerPerms, error) {
	p := &ServerPerms{UserID: userID, ServerID: serverID}
	err := r.db.Where(p).First(p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return p, nil
	}
	return p, err
}

func (r serverPerms) save(p *ServerPerms) error {
	return r.db.Save(p).Error
}

func (r serverPerms) update(p *ServerPerms) error {
	return r.db.Model(p).Updates(p).Error
}

func mailAdded(userID uint) {
	http.Post("https://mail.example/added", "text/plain", strings.NewReader("added"))
}

// failed answers a failure and says whether there was one.
func failed(w http.ResponseWriter, err error) bool {
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return true
	}
	return false
}

// Two grants to a user with no row on the server both find none, both
// insert one and both mail.
func (r serverPerms) Grant(w http.ResponseWriter, userID uint, serverID, scopes string) {
	p, err := r.get(userID, serverID) // want `check-then-act race: the existence check get`
	if failed(w, err) {
		return
	}
	firstTime := false
	if p.ID == 0 {
		firstTime = true
	}
	p.Scopes = scopes
	if failed(w, r.save(p)) {
		return
	}
	if firstTime {
		mailAdded(userID)
	}
}

// Near miss: Updates writes the row the key names and inserts none.
func (r serverPerms) GrantExisting(w http.ResponseWriter, userID uint, serverID, scopes string) {
	p, err := r.get(userID, serverID)
	if failed(w, err) {
		return
	}
	firstTime := false
	if p.ID == 0 {
		firstTime = true
	}
	p.Scopes = scopes
	if failed(w, r.update(p)) {
		return
	}
	if firstTime {
		mailAdded(userID)
	}
}

// Near miss: the save runs only when a row was found.
func (r serverPerms) ChangeScopes(w http.ResponseWriter, userID uint, serverID, scopes string) {
	p, err := r.get(userID, serverID)
	if failed(w, err) {
		return
	}
	if p.ID == 0 {
		http.NotFound(w, nil)
		return
	}
	p.Scopes = scopes
	failed(w, r.save(p))
}
