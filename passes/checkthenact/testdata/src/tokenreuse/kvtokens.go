package tokenreuse

import (
	"fmt"
	"net/http"

	"gorm.io/gorm"
)

// KeyValue is a generic table of strings by key; what a row means is in
// its key.
type KeyValue struct {
	Key   string
	Value string
}

type kvStore struct{ db *gorm.DB }

func (s *kvStore) GetString(key string) (*KeyValue, error) {
	kv := &KeyValue{}
	if err := s.db.Where(&KeyValue{Key: key}).First(kv).Error; err != nil {
		return nil, err
	}
	return kv, nil
}

func (s *kvStore) DeleteString(key string) error {
	return s.db.Delete(&KeyValue{}, &KeyValue{Key: key}).Error
}

// KeyValues is the service the handlers see.
type KeyValues interface {
	GetString(key string) (*KeyValue, error)
	DeleteString(key string) error
}

var _ KeyValues = (*kvStore)(nil)

type signups struct {
	kv KeyValues
	db *gorm.DB
}

type Member struct {
	ID        uint
	Name      string
	InvitedBy string
}

// An invite code kept in the key-value table: two sign-ups with one code
// both find it, both delete it (nobody reads what the delete removed) and
// both create an account.
func (s *signups) SignUp(w http.ResponseWriter, r *http.Request) {
	key := fmt.Sprintf("%s_%s", "invite", r.FormValue("code"))
	var invitedBy string
	if kv, _ := s.kv.GetString(key); kv != nil && kv.Value != "" { // want `token-reuse race: the one-time token read here is consumed by DeleteString at line \d+, a write whose outcome no branch tests`
		invitedBy = kv.Value
		_ = s.kv.DeleteString(key)
	}
	if invitedBy == "" {
		http.Error(w, "invite code invalid", http.StatusForbidden)
		return
	}
	s.db.Create(&Member{Name: r.FormValue("name"), InvitedBy: invitedBy})
}

// Near miss: the key names a saved form, not a one-time token; deleting
// it after use is housekeeping, and the member it fills is keyed alike.
func (s *signups) Publish(w http.ResponseWriter, r *http.Request) {
	key := fmt.Sprintf("%s_%s", "draft", r.FormValue("code"))
	var name string
	if kv, _ := s.kv.GetString(key); kv != nil && kv.Value != "" {
		name = kv.Value
		_ = s.kv.DeleteString(key)
	}
	if name == "" {
		http.Error(w, "no draft", http.StatusNotFound)
		return
	}
	s.db.Create(&Member{Name: name})
}
