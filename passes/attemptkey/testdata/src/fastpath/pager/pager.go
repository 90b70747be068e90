// Package pager calls the callback it is given once per page (near miss
// of retrier): a callback that returns a bool is no attempt, and the fast
// path skips the package.
package pager // want "skipped"

type Page struct{ Items []string }

func EachPage(pages []Page, fn func(Page, bool) bool) {
	for i, p := range pages {
		if !fn(p, i == len(pages)-1) {
			break
		}
	}
}
