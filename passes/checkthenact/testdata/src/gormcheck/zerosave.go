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
	p, err := r.get(userID, serverID) // want `check-then-act race: the existence check get leaves the record zero when nothing is stored, and the Save at line \d+ then inserts it`
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

type Setting struct {
	ID    uint
	Key   string
	Value string
}

// A setting read into a variable (zero when absent) and saved whatever
// was found: two first writes of one key both insert.
func putSetting(db *gorm.DB, key, value string) error {
	var s Setting
	err := db.Where("key = ?", key).First(&s).Error // want `check-then-act race: the existence check First leaves the record zero when nothing is stored, and the Save at line \d+ then inserts it`
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	s.Key = key
	s.Value = value
	return db.Save(&s).Error
}

func findSetting(db *gorm.DB, key string) (*Setting, error) {
	var s Setting
	if err := db.Where("key = ?", key).First(&s).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// Near miss: the variable is given a new record where none was found and
// created there; the Save is the found record's, on the other path (a
// flag the analysis does not follow steers between them).
func putSettingExplicit(db *gorm.DB, key, value string) error {
	var s *Setting
	s, _ = findSetting(db, key)
	create := false
	if s == nil {
		s = &Setting{Key: key}
		create = true
	}
	s.Value = value
	if create {
		return db.Create(&s).Error
	}
	return db.Save(&s).Error
}

// Near miss: a list read finds nothing as an empty list, and saving it
// inserts nothing.
func renameSettings(db *gorm.DB, prefix string) error {
	var settings []*Setting
	if err := db.Where("key LIKE ?", prefix+"%").Find(&settings).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	for _, s := range settings {
		s.Key = strings.TrimPrefix(s.Key, prefix)
	}
	return db.Save(settings).Error
}

// The handler never asks what the lookup found: the record is saved
// whatever, so where none was stored two callers both insert one.
func (r serverPerms) SetScopes(w http.ResponseWriter, userID uint, serverID, scopes string) {
	p, err := r.get(userID, serverID) // want `check-then-act race: the existence check get leaves the record zero when nothing is stored, and the Save at line \d+ then inserts it`
	if failed(w, err) {
		return
	}
	p.Scopes = scopes
	failed(w, r.save(p))
}

// Near miss: the same, written back with Updates, which inserts nothing
// where none was stored.
func (r serverPerms) SetScopesExisting(w http.ResponseWriter, userID uint, serverID, scopes string) {
	p, err := r.get(userID, serverID)
	if failed(w, err) {
		return
	}
	p.Scopes = scopes
	failed(w, r.update(p))
}

type GameServer struct {
	ID         uint
	Identifier string
	Name       string
}

func (r serverPerms) createServer(s *GameServer) error {
	return r.db.Create(s).Error
}

// Near miss: the permissions looked up are those of the server this
// request has just created; a twin request creates a server of its own,
// so no two callers look up, or insert, the same row.
func (r serverPerms) CreateServer(w http.ResponseWriter, ownerID uint, identifier, name string) {
	s := &GameServer{Identifier: identifier, Name: name}
	if failed(w, r.createServer(s)) {
		return
	}
	p, err := r.get(ownerID, s.Identifier)
	if failed(w, err) {
		return
	}
	p.Scopes = "owner"
	failed(w, r.save(p))
}

type ServerAudit struct {
	ID    uint
	Actor string
}

func (r serverPerms) audit(s *GameServer) error {
	return r.db.Create(&ServerAudit{Actor: s.Identifier}).Error
}

// The server is handed to an insert of an audit row, not inserted: it
// is an existing one, which two grants share.
func (r serverPerms) GrantAudited(w http.ResponseWriter, ownerID uint, s *GameServer) {
	if failed(w, r.audit(s)) {
		return
	}
	p, err := r.get(ownerID, s.Identifier) // want `check-then-act race: the existence check get leaves the record zero when nothing is stored`
	if failed(w, err) {
		return
	}
	p.Scopes = "owner"
	failed(w, r.save(p))
}

// Page is returned by value, the zero Page when none is stored; its
// IsEmpty says so.
type Page struct {
	ID    uint
	Key   string
	Title string
}

func (p Page) IsEmpty() bool { return p.ID == 0 }

func findPageByID(db *gorm.DB, id uint) Page {
	var p Page
	db.Where("id = ?", id).First(&p)
	return p
}

// Near miss: the handler answers an empty page with 404 before it saves,
// so the Save updates the row found and inserts none.
func RetitlePage(w http.ResponseWriter, db *gorm.DB, id uint, title string) {
	page := findPageByID(db, id)
	if page.IsEmpty() {
		http.Error(w, "page not found", http.StatusNotFound)
		return
	}
	page.Title = title
	if err := db.Save(&page).Error; err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// The same page saved without the test: an unknown id inserts a page.
func RetitlePageBlind(w http.ResponseWriter, db *gorm.DB, id uint, title string) {
	page := findPageByID(db, id) // want `check-then-act race: the existence check findPageByID leaves the record zero when nothing is stored, and the Save at line \d+ then inserts it`
	page.Title = title
	if err := db.Save(&page).Error; err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
