package claim

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
)

// FingerprintJSON is SHA-256 over the canonical JSON of v: v is marshalled,
// then re-encoded with object keys sorted and no insignificant whitespace, so
// that two requests that differ only in key order or formatting match.
// Numbers keep their textual form ("1.0" and "1" differ), as do strings.
// Include every field that changes what the operation does, and nothing that
// varies between retries of one intent (timestamps, trace ids).
func FingerprintJSON(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("claim: fingerprint: %w", err)
	}
	return fingerprintRaw(raw, nil)
}

// FingerprintJSONFields is FingerprintJSON over only the named top-level
// fields of the JSON object body, for a request whose body also carries
// fields that do not change the operation. A missing field counts as null.
func FingerprintJSONFields(body []byte, fields ...string) ([]byte, error) {
	return fingerprintRaw(body, fields)
}

func fingerprintRaw(raw []byte, fields []string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers as written: float64 would round big ids
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("claim: fingerprint: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("claim: fingerprint: trailing data after the JSON value")
	}
	if fields != nil {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("claim: fingerprint: body is not a JSON object")
		}
		chosen := make(map[string]any, len(fields))
		for _, f := range fields {
			chosen[f] = obj[f]
		}
		v = chosen
	}
	// encoding/json writes map keys sorted, which makes this canonical.
	canonical, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("claim: fingerprint: %w", err)
	}
	sum := sha256.Sum256(canonical)
	return sum[:], nil
}
