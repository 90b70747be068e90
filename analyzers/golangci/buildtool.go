package golangci

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/internal/passutil"
)

// golangci-lint's executable spends about 0.1 s of CPU starting, in its
// linters' package initialisation, and go vet starts the vet tool once per
// package, dependencies included: on a few hundred packages that start-up
// is most of the run. So, unless IDEMVET_VETTOOL names a tool, the plugin
// builds idemvet's own command from the source it was compiled from (the
// module cache's copy, or the checkout a replace directive named), once,
// when go vet first needs it, and has go vet run that. The checks are the
// same code either way.

// sourceTool is idemvet's command as built from this plugin's source, in
// the user's cache.
type sourceTool struct {
	root string // the source: the module's root directory
	path string // the executable, once built
}

// findSourceTool returns where idemvet's command built from this plugin's
// source lives; it fails when the source is no longer where the plugin
// was compiled.
func findSourceTool() (sourceTool, error) {
	root, err := pluginSource()
	if err != nil {
		return sourceTool{}, err
	}
	id, err := sourceIdentity(root)
	if err != nil {
		return sourceTool{}, err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return sourceTool{}, err
	}
	path := filepath.Join(cache, "idemvet", "golangci-vettool", id, "idemvet")
	if runtime.GOOS == "windows" {
		path += ".exe"
	}
	return sourceTool{root: root, path: path}, nil
}

// built reports whether the tool is in the cache already.
func (s sourceTool) built() bool {
	_, err := os.Stat(s.path)
	return err == nil
}

// build builds the tool into the cache; it fails when the source does not
// build or the cache cannot be written.
func (s sourceTool) build() error {
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Build beside the target and rename: two golangci-lint runs that
	// build at once must not run each other's half-written file.
	tmp, err := os.CreateTemp(dir, "idemvet-*.tmp")
	if err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// Gone after the rename; left behind only by a failed build.
	defer func() { _ = os.Remove(tmp.Name()) }()
	cmd := exec.Command("go", "build", "-o", tmp.Name(), "./cmd/idemvet")
	cmd.Dir = s.root
	// The user's module settings (a workspace, -mod=vendor) are not this
	// module's.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building idemvet in %s: %v\n%s", s.root, err, out)
	}
	return os.Rename(tmp.Name(), s.path)
}

// compileForVet compiles the packages go vet is to analyse in the module
// at root, with their dependencies and tests' dependencies, into the build
// cache, as go vet would; errors are left for go vet to report. It runs
// before the vet tool's first build: the tool's own build is a long chain
// of compiles (runtime, reflect, go/types, x/tools' SSA, the checks) with
// little beside it to keep the second core busy, 25 s on an empty build
// cache, and go vet run after it gains little from the standard packages
// they share; after this, the build finds those packages compiled and
// takes 9 s. On dex with an empty cache, compiling, building and vetting
// took 136 s; building and then vetting, 153 s; vetting with a tool built
// beforehand, 132 to 136 s.
func compileForVet(root string, patterns []string) {
	cmd := exec.Command("go", slices.Concat([]string{"list", "-e", "-export", "-deps", "-test", "-f={{.ImportPath}}"}, patterns)...)
	cmd.Dir = root
	_ = cmd.Run() // go vet, next, says what does not compile
}

// pluginSource returns the root of the idemvet module this file was
// compiled from: its directory at build time, or, in a binary built with
// -trimpath, the module's copy in the module cache.
func pluginSource() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("no source position for the plugin")
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // analyzers/golangci/buildtool.go
	if !filepath.IsAbs(root) {
		cache := passutil.ModuleCache()
		if cache == "" {
			return "", fmt.Errorf("no module cache to find the plugin's source %s in", root)
		}
		root = filepath.Join(cache, root)
	}
	if mod, err := modulePath(filepath.Join(root, "go.mod")); err != nil || mod != "github.com/idemvet/idemvet" {
		return "", fmt.Errorf("the plugin's source is not at %s", root)
	}
	return root, nil
}

// modulePath reads the module path from a go.mod file.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s names no module", gomod)
}

// sourceIdentity names the state of the source tree at root and the go
// command's version: the path, size and modification time of every file
// of the module but its tests, so that an edited checkout gets a tool of
// its own.
func sourceIdentity(root string) (string, error) {
	h := sha256.New()
	version, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", err
	}
	_, _ = fmt.Fprintf(h, "%s\x00%s\x00", root, version) // a hash takes every write
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); path != root && err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		_, _ = fmt.Fprintf(h, "%s\x00%d\x00%d\x00", path, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}
