package apis

import (
	"strings"
	"unicode"
)

// ByName classifies a method whose body the analysis cannot see (an
// interface method) from its name alone. Only names whose meaning is
// unambiguous count: ExistsByKey, IsProcessed, InsertPayment, TryClaim.
// A name such as Save, Get or Has could mean anything and returns None.
func ByName(name string) Kind {
	switch {
	case hasWordPrefix(name, "Exists"), hasWordPrefix(name, "IsProcessed"),
		hasWordPrefix(name, "IsDuplicate"), hasWordPrefix(name, "AlreadyProcessed"),
		hasWordPrefix(name, "WasProcessed"), hasWordPrefix(name, "HasProcessed"),
		hasWordPrefix(name, "HasBeenProcessed"), hasWordPrefix(name, "IsSeen"),
		hasWordPrefix(name, "WasSeen"), hasWordPrefix(name, "HasSeen"):
		return Exists
	case hasWordPrefix(name, "TryClaim"), hasWordPrefix(name, "Claim"),
		hasWordPrefix(name, "Reserve"), hasWordPrefix(name, "TryReserve"):
		return Claim
	case hasWordPrefix(name, "MarkProcessed"), hasWordPrefix(name, "MarkAsProcessed"),
		hasWordPrefix(name, "MarkSeen"), hasWordPrefix(name, "MarkHandled"),
		hasWordPrefix(name, "RecordProcessed"), hasWordPrefix(name, "SetProcessed"),
		hasWordPrefix(name, "Insert"), hasWordPrefix(name, "Create"):
		return Insert
	}
	return None
}

// IsClaimName reports whether a function name says it records an
// idempotency claim or a processed marker.
func IsClaimName(name string) bool {
	switch ByName(name) {
	case Claim:
		return true
	case Insert:
		return !hasWordPrefix(name, "Insert") && !hasWordPrefix(name, "Create")
	}
	return false
}

// IsClaimTable reports whether a table name says it stores idempotency
// keys, dedup markers, processed events or an inbox.
func IsClaimTable(table string) bool {
	t := strings.ToLower(table)
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	for _, w := range []string{"idempoten", "dedup", "processed", "inbox", "claim", "request_key", "requestkey", "seen_", "handled_"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// hasWordPrefix reports whether name starts with prefix and the prefix ends
// at a word boundary: "ExistsByKey" and "Exists" match "Exists", but
// "Existsential" does not; "CreateOrder" matches "Create", "Created" not.
func hasWordPrefix(name, prefix string) bool {
	if !strings.HasPrefix(name, prefix) {
		return false
	}
	rest := name[len(prefix):]
	return rest == "" || unicode.IsUpper(rune(rest[0])) || rest[0] == '_'
}
