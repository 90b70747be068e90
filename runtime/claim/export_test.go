package claim

// GateID exposes the advisory lock id of a key, so that a test can take it
// from another session and stand in for a hash collision.
var GateID = gateID
