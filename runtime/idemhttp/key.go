package idemhttp

import (
	"fmt"
	"net/http"
	"strings"
)

// keyError is why a request's key was refused: 400.
type keyError struct{ typ, title, detail string }

// parseKey reads the key from the header: a Structured Fields string
// ("..."), as the IETF draft writes it, or a bare token, as Stripe's
// clients send it. Either way the key is visible ASCII, at most limit bytes.
func parseKey(h http.Header, name string, limit int) (string, *keyError) {
	values := h.Values(name)
	switch {
	case len(values) == 0:
		return "", &keyError{ProblemKeyMissing, "Idempotency key missing", fmt.Sprintf("this request requires the %s header", name)}
	case len(values) > 1:
		return "", &keyError{ProblemKeyMalformed, "Idempotency key malformed", fmt.Sprintf("the %s header was sent %d times", name, len(values))}
	}
	raw := strings.Trim(values[0], " \t")
	key, ok := raw, true
	if strings.HasPrefix(raw, `"`) {
		key, ok = unquote(raw)
	} else {
		for i := 0; i < len(raw) && ok; i++ {
			ok = raw[i] > 0x20 && raw[i] < 0x7f && raw[i] != '"' && raw[i] != '\\' && raw[i] != ','
		}
	}
	switch {
	case !ok:
		return "", &keyError{ProblemKeyMalformed, "Idempotency key malformed", "the key must be a quoted string or a token of visible ASCII characters"}
	case key == "":
		return "", &keyError{ProblemKeyMalformed, "Idempotency key malformed", "the key is empty"}
	case len(key) > limit:
		return "", &keyError{ProblemKeyMalformed, "Idempotency key too long", fmt.Sprintf("the key is %d bytes, the limit %d", len(key), limit)}
	}
	return key, nil
}

// unquote decodes an sf-string (RFC 8941 §3.3.3): printable ASCII between
// double quotes, with \" and \\ the only escapes.
func unquote(s string) (string, bool) {
	if len(s) < 2 || s[len(s)-1] != '"' {
		return "", false
	}
	var b strings.Builder
	for i := 1; i < len(s)-1; i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
			if i == len(s)-1 || (s[i] != '"' && s[i] != '\\') {
				return "", false
			}
			b.WriteByte(s[i])
		case c == '"' || c < 0x20 || c > 0x7e:
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
