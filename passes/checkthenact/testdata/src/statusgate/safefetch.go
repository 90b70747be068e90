package statusgate

import (
	"net/http"

	"gorm.io/gorm"
)

type Page struct {
	ID    uint
	URL   string
	Title string
}

// An HTTP POST is an act: two callers that both find the page untitled
// both announce it.
func announceUntitled(db *gorm.DB, id uint) {
	var p Page
	db.First(&p, id) // want `status-gate race: Title read here is tested, then Post at line \d+ and the state write at line \d+ are separate steps`
	if p.Title != "" {
		return
	}
	http.Post("https://hooks.example/untitled?url="+p.URL, "", nil)
	p.Title = "(announced)"
	db.Save(&p)
}

// Near miss: a GET is safe by HTTP's definition; two callers that both
// fetch the title and both save it leave the page as one would (an
// Artalk comment handler fetches a page's title this way).
func fetchTitle(db *gorm.DB, id uint) {
	var p Page
	db.First(&p, id)
	if p.Title != "" {
		return
	}
	resp, err := http.Get(p.URL)
	if err != nil {
		return
	}
	resp.Body.Close()
	p.Title = resp.Status
	db.Save(&p)
}
