package both // want "may matter"

import (
	"net/http"
	"strings"
	"sync"
)

var seen sync.Map

func Notify(eventID string) error {
	if _, loaded := seen.LoadOrStore(eventID, true); loaded {
		return nil
	}
	_, err := http.Post("https://hooks.example/"+eventID, "text/plain", strings.NewReader(eventID))
	return err
}
