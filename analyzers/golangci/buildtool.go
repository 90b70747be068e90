package golangci

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
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

// go vet needs an executable for its vet tool. The plugin builds one from
// the source it was compiled from (the module cache's copy, or the
// checkout a replace directive named), once per source tree and go
// version, into the user's cache: idemvet's command, which runs each unit
// in a process of its own, or the shim (analyzers/vettool/forward), which
// hands each unit to this process.

// pluginCommand is a command of the plugin's source the plugin builds.
type pluginCommand struct {
	pkg  string // "./cmd/idemvet"
	name string // its file's name in the cache
}

var (
	idemvetCommand = pluginCommand{"./cmd/idemvet", "idemvet"}
	shimCommand    = pluginCommand{"./analyzers/vettool/forward/shim", "idemvet-shim"}
)

// ownModuleFlags, on the go command's line, override the user's module
// settings, which are not this module's: GOWORK=off in the environment
// does the same for a workspace. The rest of the user's GOFLAGS
// (-buildvcs=false, -tags, -trimpath, ...) stays, so that the tool is the
// executable `go build ./cmd/idemvet` makes on the same machine: go vet's
// result cache is keyed by the tool's hash (-V=full), and one idemvet
// built two ways would analyse the same packages twice.
var ownModuleFlags = []string{"-mod=readonly", "-modfile="}

// errColdBuild says that building a command would compile packages the
// build cache does not hold.
var errColdBuild = errors.New("the build cache lacks packages the command needs")

// built returns the command built from this plugin's source, building it
// the first time; it fails when the source is no longer where the plugin
// was compiled or does not build, and, with onlyLink, when the build would
// compile any package rather than only link cached ones (errColdBuild).
func (c pluginCommand) built(onlyLink bool) (string, error) {
	root, err := pluginSource()
	if err != nil {
		return "", err
	}
	id, err := sourceIdentity(root)
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "idemvet", "golangci-tools", id)
	tool := filepath.Join(dir, c.name)
	if runtime.GOOS == "windows" {
		tool += ".exe"
	}
	if _, err := os.Stat(tool); err == nil {
		return tool, nil
	}
	env := append(os.Environ(), "GOWORK=off")
	if onlyLink {
		// go list names, as the reason a command is stale, the first
		// dependency that is not in the build cache.
		list := exec.Command("go", slices.Concat([]string{"list"}, ownModuleFlags, []string{"-f", "{{.StaleReason}}", c.pkg})...)
		list.Dir, list.Env = root, env
		out, err := list.Output()
		if err != nil {
			return "", fmt.Errorf("listing %s in %s: %w", c.pkg, root, err)
		}
		if strings.HasPrefix(string(out), "stale dependency") {
			return "", errColdBuild
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Build beside the target and rename: two golangci-lint runs that
	// build at once must not run each other's half-written file.
	tmp, err := os.CreateTemp(dir, c.name+"-*.tmp")
	if err != nil {
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	// Gone after the rename; left behind only by a failed build.
	defer func() { _ = os.Remove(tmp.Name()) }()
	cmd := exec.Command("go", slices.Concat([]string{"build"}, ownModuleFlags, []string{"-o", tmp.Name(), c.pkg})...)
	cmd.Dir, cmd.Env = root, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building %s in %s: %v\n%s", c.pkg, root, err, out)
	}
	if err := os.Rename(tmp.Name(), tool); err != nil {
		return "", err
	}
	return tool, nil
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

// sourceIdentity names the state of the source tree at root, the go
// command's version and GOFLAGS: the path, size and modification time of
// every file of the module but its tests, so that an edited checkout gets
// a tool of its own.
func sourceIdentity(root string) (string, error) {
	h := sha256.New()
	// GOFLAGS shapes the executable (ownModuleFlags), so a change of it
	// gets a tool of its own.
	goEnv, err := exec.Command("go", "env", "GOVERSION", "GOFLAGS").Output()
	if err != nil {
		return "", err
	}
	_, _ = fmt.Fprintf(h, "%s\x00%s\x00", root, goEnv) // a hash takes every write
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
