package idemhttp

import (
	"crypto/sha256"
	"encoding/binary"
	"net/http"
)

// fingerprint is SHA-256 over what makes the request the request: method,
// route pattern, escaped path, raw query, the selected headers (name and
// every value, in order) and the body. Each field is length-prefixed, so no
// two different requests share an encoding.
func (m *Middleware) fingerprint(r *http.Request, body []byte) []byte {
	h := sha256.New()
	field := func(b []byte) {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
		h.Write(b)
	}
	field([]byte(r.Method))
	field([]byte(m.opts.Route(r)))
	field([]byte(r.URL.EscapedPath()))
	field([]byte(r.URL.RawQuery))
	for _, name := range m.opts.FingerprintHeaders {
		values := r.Header.Values(name)
		field([]byte(http.CanonicalHeaderKey(name)))
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(values))))
		for _, v := range values {
			field([]byte(v))
		}
	}
	field(body)
	return h.Sum(nil)
}
