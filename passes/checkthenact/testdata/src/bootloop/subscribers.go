package bootloop

import (
	"net/http"

	"gorm.io/gorm"
)

type Board struct {
	ID     uint
	UserID string
}

type UserEvent struct{ UserID string }

type Boards struct {
	db     *gorm.DB
	events chan UserEvent
}

// Near miss: the constructor starts the one goroutine that reads the
// user events, one at a time, for the service it builds: no twin of the
// loop checks the same user's board beside it (wakapi's leaderboard).
func NewBoards(db *gorm.DB, events chan UserEvent) *Boards {
	b := &Boards{db: db, events: events}
	go func() {
		for ev := range b.events {
			var n int64
			b.db.Model(&Board{}).Where("user_id = ?", ev.UserID).Count(&n)
			if n == 0 {
				b.db.Create(&Board{UserID: ev.UserID})
			}
		}
	}()
	return b
}

// The same check in a goroutine each request starts: two requests for
// one user both count no board and both create one.
func (b *Boards) Refresh(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("user")
	go func() {
		var n int64
		b.db.Model(&Board{}).Where("user_id = ?", user).Count(&n) // want `check-then-act race: the existence check Count and the insert at line \d+ are separate steps`
		if n == 0 {
			b.db.Create(&Board{UserID: user})
		}
	}()
}
