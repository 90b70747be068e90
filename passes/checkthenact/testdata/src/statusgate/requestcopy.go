package statusgate

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"gorm.io/gorm"
)

// An update handler loads the stored record to refuse some of them, then
// saves the copy the client sent. The stored record's field is a
// precondition unless the code moves it on the copy it saves.

type UserGroup struct {
	ID      string
	Name    string
	Default bool
	Status  string
}

var (
	gdb                *gorm.DB
	errDefaultGroup    = errors.New("cannot update the default group")
	errGroupNotPending = errors.New("group is not pending")
)

func getGroup(id string) (UserGroup, error) {
	var g UserGroup
	err := gdb.Where("id = ?", id).First(&g).Error
	return g, err
}

func updateGroup(g UserGroup) error {
	return gdb.Save(&g).Error
}

func announceGroup(name string) {
	http.Post("https://hooks.example/groups", "text/plain", strings.NewReader(name))
}

// Near miss: the default group is refused, and the copy saved is the
// client's, whose Default nothing here sets: two updates that pass the
// test close nothing for each other.
func UpdateGroupHandler(w http.ResponseWriter, r *http.Request) {
	var sent UserGroup
	if err := json.NewDecoder(r.Body).Decode(&sent); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	stored, err := getGroup(sent.ID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if stored.Default {
		http.Error(w, errDefaultGroup.Error(), http.StatusBadRequest)
		return
	}
	if err := updateGroup(sent); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	announceGroup(sent.Name)
}

// The handler moves the state on the copy it saves: a transition, and
// two approvals both announce the group.
func ApproveGroupHandler(w http.ResponseWriter, r *http.Request) {
	var sent UserGroup
	if err := json.NewDecoder(r.Body).Decode(&sent); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	stored, err := getGroup(sent.ID) // want `status-gate race: Status read here is tested, then announceGroup`
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if stored.Status != "pending" {
		http.Error(w, errGroupNotPending.Error(), http.StatusConflict)
		return
	}
	sent.Status = "approved"
	if err := updateGroup(sent); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	announceGroup(sent.Name)
}

// Team is saved through its own method, as an active record is.
type Team struct {
	ID      string
	Name    string
	Default bool
}

func getTeam(id string) (Team, error) {
	var t Team
	err := gdb.Where("id = ?", id).First(&t).Error
	return t, err
}

func (t *Team) Update() error {
	return gdb.Model(&Team{}).Where("id = ?", t.ID).Updates(t).Error
}

func updateTeamRecord(t Team) error {
	return t.Update()
}

// Near miss: the same refusal, the client's copy saved through a helper
// that calls the record's own Update.
func RenameTeamHandler(w http.ResponseWriter, r *http.Request) {
	var sent Team
	if err := json.NewDecoder(r.Body).Decode(&sent); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	stored, err := getTeam(sent.ID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if stored.Default {
		http.Error(w, errDefaultGroup.Error(), http.StatusBadRequest)
		return
	}
	if err := updateTeamRecord(sent); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	announceGroup(sent.Name)
}
