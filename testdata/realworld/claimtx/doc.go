// Package claimtx holds real-library cases for the claimtx check: an
// idempotency claim committed separately from the write it guards. Each
// expected finding carries a marker comment naming the check on the
// claim's line; the unmarked functions beside them are near misses that
// must stay silent.
package claimtx
