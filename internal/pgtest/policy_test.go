package pgtest

import (
	"errors"
	"strings"
	"testing"
)

// recordingTB notes whether unavailable skipped or failed; it embeds a real
// TB only to satisfy the interface.
type recordingTB struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recordingTB) Helper()               {}
func (r *recordingTB) Skip(args ...any)      { r.skipped = true; r.msg = args[0].(string) }
func (r *recordingTB) Fatal(args ...any)     { r.failed = true; r.msg = args[0].(string) }
func (r *recordingTB) Skipf(string, ...any)  { panic("unexpected Skipf") }
func (r *recordingTB) Fatalf(string, ...any) { panic("unexpected Fatalf") }

func TestUnavailableSkipsLocallyAndFailsInCI(t *testing.T) {
	for _, tc := range []struct {
		require, ci string
		wantFail    bool
	}{
		{"", "", false},
		{"0", "false", false},
		{"1", "", true},
		{"", "true", true},
	} {
		t.Setenv(EnvRequire, tc.require)
		t.Setenv("CI", tc.ci)
		rec := &recordingTB{TB: t}
		unavailable(rec, errors.New("nothing listening"))
		if rec.failed != tc.wantFail || rec.skipped == tc.wantFail {
			t.Errorf("%s=%q CI=%q: failed=%v skipped=%v, want failed=%v",
				EnvRequire, tc.require, tc.ci, rec.failed, rec.skipped, tc.wantFail)
		}
		if rec.msg == "" || !strings.Contains(rec.msg, "nothing listening") || !strings.Contains(rec.msg, EnvDSN) {
			t.Errorf("message %q does not give the reason and the way out", rec.msg)
		}
	}
}
