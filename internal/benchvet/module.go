package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
)

// defaultModule is the module measured when -module is not given:
// Temporal's server, about 350 packages of a real backend (persistence on
// database/sql, sqlx and pgx, retries, message handling), so the checks
// do real work instead of taking their fast path, with over 1,500
// packages in its build. v1.30.8 is the newest release whose go directive
// this repository's Go toolchain satisfies and whose requirements are all
// served by the module proxy.
const defaultModule = "go.temporal.io/server@v1.30.8"

// fetchModule downloads a module version through the module proxy and
// returns its directory in the module cache, where it is vetted in place
// (go vet writes nothing into the module).
func fetchModule(modVersion string) (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", modVersion).Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil || info.Error != "" || err != nil {
		return "", fmt.Errorf("go mod download %s: %v %v %s", modVersion, err, jerr, info.Error)
	}
	return info.Dir, nil
}

// countPackages lists the packages the pattern matches in dir, fetching
// the module's requirements on the way.
func countPackages(dir, pattern string) (int, error) {
	cmd := exec.Command("go", "list", pattern)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("go list %s in %s: %v\n%s", pattern, dir, err, firstLines(stderr.String(), 20))
	}
	return len(strings.Fields(string(out))), nil
}
