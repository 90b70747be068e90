package sariftest

import "testing"

func TestValidate(t *testing.T) {
	valid := `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "idemvet"}}, "results": []}]}`
	if err := Validate([]byte(valid)); err != nil {
		t.Errorf("a minimal log: %v", err)
	}
	// Near misses: a run without its tool, a version SARIF does not have.
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"results": []}]}`,
		`{"version": "2.0.0", "runs": [{"tool": {"driver": {"name": "idemvet"}}}]}`,
		`{not json`,
	} {
		if err := Validate([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
