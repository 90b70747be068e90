package idemhttp

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// Fingerprint says how the request body enters the fingerprint that tells
// an honest retry from a key reused for another request (422).
type Fingerprint int

const (
	// FingerprintBytes hashes the body as sent: a retry must resend the same
	// bytes. Right for clients that serialise a request once and resend
	// that buffer (net/http with GetBody, Stripe's official libraries, curl).
	FingerprintBytes Fingerprint = iota
	// FingerprintJSON hashes a JSON body by meaning: object keys in sorted
	// order, insignificant whitespace dropped, strings compared after
	// unescaping, numbers compared as written (1.0 and 1 differ, so no
	// float rounding can merge two amounts). Use it when clients build the
	// body again for each attempt (Stripe-style SDKs that re-encode a map or
	// an object per retry, in languages whose map order or encoder spacing
	// varies), which otherwise get 422 on an honest retry. A body that is
	// not one valid JSON value is hashed as bytes. An object with a
	// duplicated member name is hashed as bytes too: parsers disagree on
	// which value wins, so the two requests may not mean the same thing.
	FingerprintJSON
)

// fingerprint is SHA-256 over what makes the request the request: method,
// route pattern, escaped path, raw query, the selected headers (name and
// every value, in order) and the body: its bytes, or under FingerprintJSON
// a "json" tag and its canonical form. Each field is length-prefixed, so no
// two different requests share an encoding, and the tag's extra field keeps
// the JSON form apart from any body's bytes. The bytes form is the one
// earlier versions stored, so records claimed before an upgrade still
// match their retries.
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
	if m.opts.Fingerprint == FingerprintJSON {
		if canonical, ok := canonicalJSON(body); ok {
			field([]byte("json"))
			field(canonical)
			return h.Sum(nil)
		}
	}
	field(body)
	return h.Sum(nil)
}

// canonicalJSON re-encodes one JSON value with sorted object keys, no
// whitespace and numbers as written (json.Number keeps the literal).
func canonicalJSON(body []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, false // trailing data: not one value
	}
	if hasDuplicateNames(body) {
		return nil, false
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // maps encode with sorted keys
		return nil, false
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), true
}

// hasDuplicateNames reports whether an object in the (valid) JSON body
// names a member twice: decoding into a map would keep only the last one.
func hasDuplicateNames(body []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	type frame struct {
		names    map[string]bool
		isObject bool
		wantName bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.isObject && top.wantName {
			if name, ok := tok.(string); ok {
				if top.names[name] {
					return true
				}
				top.names[name] = true
				top.wantName = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{names: map[string]bool{}, isObject: true, wantName: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// A value ended: the enclosing object expects a name next.
		if len(stack) > 0 && stack[len(stack)-1].isObject {
			stack[len(stack)-1].wantName = true
		}
	}
}
