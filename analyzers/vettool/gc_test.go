package vettool

import (
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	env := map[string]string{}
	if got := tuneGC(func(k string) string { return env[k] }); got != unitGCPercent {
		t.Errorf("GOGC unset: set %d, want %d", got, unitGCPercent)
	}
	if cur := debug.SetGCPercent(100); cur != unitGCPercent {
		t.Errorf("GOGC unset: the collector's target is %d, want %d", cur, unitGCPercent)
	}
	env["GOGC"] = "50"
	if got := tuneGC(func(k string) string { return env[k] }); got != -1 {
		t.Errorf("GOGC=50 set by the user: tuneGC set %d, want it left alone", got)
	}
	if cur := debug.SetGCPercent(100); cur != 100 {
		t.Errorf("GOGC=50 set by the user: the collector's target moved to %d", cur)
	}
}
