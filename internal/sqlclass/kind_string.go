package sqlclass

import "strconv"

var kindNames = [...]string{
	Unknown: "Unknown", Select: "Select", Insert: "Insert", Update: "Update",
	Delete: "Delete", Merge: "Merge", Begin: "Begin", Commit: "Commit",
	Rollback: "Rollback", Savepoint: "Savepoint", SetTransaction: "SetTransaction",
	Lock: "Lock", Other: "Other",
}

// String names the kind, so diagnostics and test failures read "Insert"
// rather than "2".
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}
