// Package otherheader sets a header that carries no key (near miss of
// keyheader): the fast path skips it.
package otherheader // want "skipped"

type Headers map[string]string

func (h Headers) Add(name, value string) { h[name] = value }

func WithTrace(h Headers, id string) Headers {
	h.Add("X-Trace-Id", id)
	return h
}
