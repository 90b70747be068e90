package claim

import (
	"crypto/sha256"
	"encoding/binary"
	"sync"
)

// The gate lets a non-blocking duplicate learn that its key is held without
// waiting for the holder, and without ever being turned away because of
// another key.
//
// Every claim, in every mode and in DoTx, first tries a transaction-level
// advisory lock on a 64-bit hash of its Key (claimSQL), and keeps it until
// its transaction ends. The primary key still decides who executes; the
// gate only sets how long the claim statement may wait for a lock:
//
//   - gate taken: no open transaction holds a claim on this key (its holder
//     would hold the gate), so the claim statement waits for nothing but
//     ordinary, short, lock waits (relation extension, autovacuum's
//     truncation): it keeps Options.LockTimeout;
//   - gate busy: an open transaction holds the same key, or, with
//     probability 2⁻⁶⁴ per pair of keys in flight, another key with the
//     same hash. In non-blocking mode the claim statement then runs with
//     busyLockTimeout: on the same key it gives up almost at once
//     (lock_not_available, so ErrInProgress) and returns the connection;
//     on a colliding other key it does not wait on that key at all (the
//     unique check waits only for transactions holding an equal key), so it
//     claims as usual.
//
// A bare lock_timeout of a millisecond would be simpler but wrong: the
// claim statement can wait briefly on locks shared by all keys, and would
// then answer 409 for a key nobody holds. With the gate that needs a hash
// collision and such a wait at once, and even then the answer is only a
// 409 that the retry cures. Conversely, a holder that claimed while its
// gate was busy (the collision again) holds the key without the gate; a
// non-blocking duplicate then waits up to LockTimeout, as in blocking mode.
//
// Transaction-level advisory locks cost one entry in the shared lock table,
// are released by PostgreSQL at commit, rollback or a dropped connection,
// and need no cleanup.

// busyLockTimeout is the lock_timeout of a non-blocking claim whose gate is
// busy: long enough for a lock held for microseconds, short enough that the
// duplicate hands back its connection at once.
const busyLockTimeout = "1ms"

// gateID is the advisory lock id of k: the first 8 bytes of SHA-256 over
// the three parts with a NUL between them (validate rejects control
// characters, so the encoding is unambiguous). Every process must compute
// the same id, so it cannot be keyed; a cryptographic hash keeps a client
// from choosing a key whose gate collides with another client's key.
func gateID(k Key) int64 {
	h := sha256.New()
	h.Write([]byte(k.Scope))
	h.Write([]byte{0})
	h.Write([]byte(k.Operation))
	h.Write([]byte{0})
	h.Write([]byte(k.Key))
	return int64(binary.BigEndian.Uint64(h.Sum(nil)))
}

// waitQueue counts the calls per key that are in flight in this process, to
// cap how many of them may wait on the database for one holder
// (Options.MaxWaiters). Calls beyond the cap answer ErrInProgress
// without taking a connection, so duplicates of one slow request cannot
// drain the pool for everyone else.
type waitQueue struct {
	mu       sync.Mutex
	inFlight map[Key]int
}

// enter admits a call for k if fewer than limit calls are in flight for it;
// the caller must call leave(k) when admitted.
func (q *waitQueue) enter(k Key, limit int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.inFlight[k] >= limit {
		return false
	}
	if q.inFlight == nil {
		q.inFlight = map[Key]int{}
	}
	q.inFlight[k]++
	return true
}

func (q *waitQueue) leave(k Key) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.inFlight[k]--; q.inFlight[k] == 0 {
		delete(q.inFlight, k)
	}
}
