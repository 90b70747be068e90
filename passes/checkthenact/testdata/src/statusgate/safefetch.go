package statusgate

import (
	"bytes"
	"io"
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

// Near miss: the same GET built with NewRequest and sent with Do.
func fetchTitleDo(db *gorm.DB, client *http.Client, id uint) {
	var p Page
	db.First(&p, id)
	if p.Title != "" {
		return
	}
	req, err := http.NewRequest(http.MethodGet, p.URL, nil)
	if err != nil {
		return
	}
	resp, err := client.Do(req)
	if err != nil {
		return
	}
	resp.Body.Close()
	p.Title = resp.Status
	db.Save(&p)
}

// The request Do sends is a POST: an act.
func announceUntitledDo(db *gorm.DB, client *http.Client, id uint) {
	var p Page
	db.First(&p, id) // want `status-gate race: Title read here is tested, then Do at line \d+ and the state write at line \d+ are separate steps`
	if p.Title != "" {
		return
	}
	req, err := http.NewRequest(http.MethodPost, "https://hooks.example/untitled?url="+p.URL, nil)
	if err != nil {
		return
	}
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
	}
	p.Title = "(announced)"
	db.Save(&p)
}

// Fetcher is the program's own HTTP client; its Request names the method.
type Fetcher interface {
	Request(method, url string, body []byte) ([]byte, error)
}

type httpFetcher struct{ c *http.Client }

func (h *httpFetcher) Request(method, url string, body []byte) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := h.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

var _ Fetcher = (*httpFetcher)(nil)

// Near miss: the program's client sends a GET.
func fetchTitleVia(db *gorm.DB, f Fetcher, id uint) {
	var p Page
	db.First(&p, id)
	if p.Title != "" {
		return
	}
	body, err := f.Request("GET", p.URL, nil)
	if err != nil {
		return
	}
	p.Title = string(body[:min(len(body), 64)])
	db.Save(&p)
}

// The same client sending a POST is an act.
func announceVia(db *gorm.DB, f Fetcher, id uint) {
	var p Page
	db.First(&p, id) // want `status-gate race: Title read here is tested, then Request at line \d+ and the state write at line \d+ are separate steps`
	if p.Title != "" {
		return
	}
	f.Request("POST", "https://hooks.example/untitled?url="+p.URL, nil)
	p.Title = "(announced)"
	db.Save(&p)
}
