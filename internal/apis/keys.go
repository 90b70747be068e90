package apis

import (
	"strings"
	"unicode"
)

// Names that say a value is an idempotency key, and names that say a value
// identifies the owner (tenant, merchant, account, principal) a key
// belongs to. attemptkey follows key-named fields and parameters; keyscope
// asks whether a key's lookup, constraint or claim carries the owner.

// IsIdempotencyKeyName reports whether a field, parameter, column or
// setter name says it holds an idempotency or deduplication key:
// IdempotencyKey, idempotency_key, idemKey, DedupKey,
// MessageDeduplicationId, and the AWS ClientToken / ClientRequestToken.
// Names that merely mention idempotency (IdempotencyLevel, Idempotent) do
// not count.
func IsIdempotencyKeyName(name string) bool {
	n := strings.ToLower(keyNameSeparators.Replace(name))
	switch n {
	case "clienttoken", "clientrequesttoken":
		return true
	}
	if !strings.Contains(n, "idem") && !strings.Contains(n, "dedup") {
		return false
	}
	for _, suffix := range []string{"key", "token", "id"} {
		if strings.HasSuffix(n, suffix) {
			return true
		}
	}
	return false
}

// keyNameSeparators are dropped from a name before it is compared: built
// once, as a Replacer's tables cost far more than one replacement.
var keyNameSeparators = strings.NewReplacer("_", "", "-", "")

// IsIdempotencyKeyHeader reports whether name is a standard HTTP header
// that carries an idempotency key: Idempotency-Key, X-Idempotency-Key,
// provider variants such as Cko-Idempotency-Key, and PayPal's
// PayPal-Request-Id.
func IsIdempotencyKeyHeader(name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	return name == "idempotency-key" || strings.HasSuffix(name, "-idempotency-key") || name == "paypal-request-id"
}

// IsIdempotencyKeyTable reports whether a table name says each of its
// rows is one idempotency key: idempotency_keys, idempotent_requests,
// dedup_keys, request_keys. Processed-event and inbox tables are keyed by
// message ids, which the producer makes unique, and do not count.
func IsIdempotencyKeyTable(table string) bool {
	t := strings.ToLower(table)
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	t = keyNameSeparators.Replace(t)
	return strings.Contains(t, "idempoten") || strings.Contains(t, "dedupkey") || strings.Contains(t, "requestkey")
}

// IsIdempotencyKeyColumn reports whether column col of table holds the
// idempotency key: a column named so in any table (payments.idempotency_key),
// or the key column of an idempotency-key table (idempotency_keys.key).
func IsIdempotencyKeyColumn(table, col string) bool {
	if IsIdempotencyKeyName(col) {
		return true
	}
	if !IsIdempotencyKeyTable(table) {
		return false
	}
	switch keyNameSeparators.Replace(strings.ToLower(col)) {
	case "key", "requestkey", "keyvalue":
		return true
	}
	return false
}

// ownerWords are the words that name who a key belongs to.
var ownerWords = map[string]bool{
	"merchant": true, "account": true, "tenant": true, "user": true, "customer": true,
	"org": true, "organization": true, "organisation": true, "workspace": true,
	"principal": true, "owner": true, "project": true,
}

// idWords may follow an owner word: userID, tenant_uuid, merchantRef.
var idWords = map[string]bool{"id": true, "uid": true, "uuid": true, "ids": true}

// OwnerName returns the owner word a name says it identifies, or "":
// "merchant" for merchantID, MerchantId, merchant_id, tenant and
// CurrentUserID; "" for userAgent, accountNumber and customerEmail, whose
// last word is not the owner. hasID tells whether an id word follows.
func OwnerName(name string) (owner string, hasID bool) {
	words := SplitWords(name)
	for len(words) > 1 && idWords[words[len(words)-1]] {
		words = words[:len(words)-1]
		hasID = true
	}
	if len(words) == 0 || !ownerWords[words[len(words)-1]] {
		return "", false
	}
	return words[len(words)-1], hasID
}

// IsOwnerColumn reports whether a column names the owner a row belongs
// to (merchant_id, tenant, owner_id) or the scope of a key (scope,
// scope_id, the runtime claim table's own column).
func IsOwnerColumn(col string) bool {
	if o, _ := OwnerName(col); o != "" {
		return true
	}
	switch strings.ToLower(col) {
	case "scope", "scope_id", "namespace":
		return true
	}
	return false
}

// SplitWords splits a Go or SQL name into lower-case words at
// underscores, hyphens and camel-case humps: "CurrentUserID" gives
// current, user, id; "merchant_id" gives merchant, id.
func SplitWords(name string) []string {
	var words []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.':
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0:
			prevLower := unicode.IsLower(cur[len(cur)-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || nextLower {
				flush() // userID: user|ID; HTTPServer: HTTP|Server
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}
