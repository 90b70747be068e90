package heldbycallers

import (
	"context"
	"testing"
)

// A test calls the helper directly, without the lock: tests do not run
// beside production callers, so ensureConf stays serialised.
func TestEnsureConf(t *testing.T) {
	m := &Manager{}
	if err := m.ensureConf(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
}
