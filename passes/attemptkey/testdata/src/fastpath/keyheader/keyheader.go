// Package keyheader sends its parameter as the Idempotency-Key header of
// a client the tables do not know: the check looks at it to say which
// parameter is a key.
package keyheader // want "may matter"

type Headers map[string]string

func (h Headers) Add(name, value string) { h[name] = value }

func WithKey(h Headers, k string) Headers {
	h.Add("Idempotency-Key", k)
	return h
}
