package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// TestPreCommitHook installs the repository's pre-commit hook in a fresh
// git repository, the way a user's .pre-commit-config.yaml would (this
// repository by path, at HEAD), and checks that a finding blocks a commit
// and a clean change goes through. pre-commit builds idemvet with
// `go install ./...` in a GOPATH of its own, so this also checks that the
// module installs from the module proxy alone.
//
// It needs Debian's pre-commit package, which .ci/test.sh installs; under
// CI=true its absence fails the test. Installed hook environments are kept
// in the user cache, keyed by pre-commit on the revision, so only the first
// run at a new HEAD builds; that build shares this machine's module cache
// (pre-commit sets only GOPATH), so it downloads only what is missing.
func TestPreCommitHook(t *testing.T) {
	testfiles.FullEndToEnd(t)
	precommit, err := exec.LookPath("pre-commit")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pre-commit is not installed: %v", err)
		}
		t.Skipf("pre-commit is not installed (apt-get install pre-commit): %v", err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	head := strings.TrimSpace(string(gitIn(t, root, "rev-parse", "HEAD")))
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PRE_COMMIT_HOME", filepath.Join(cache, "idemvet", "pre-commit"))
	modcache, err := exec.Command(goCommand(t), "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOMODCACHE", strings.TrimSpace(string(modcache)))
	// pre-commit clones this repository into a new directory for every
	// revision, and a package's directory is part of its build cache key,
	// so the clone's go install compiles this module's own packages again.
	// The GOFLAGS are left as they are: what the hook builds below this
	// module (the standard library and the modules it requires) is then
	// what this run's other builds compiled. With -trimpath (until
	// issue 38) a warm machine compiled only the packages changed since
	// the last hook build, but a fresh one, as CI is, compiled the standard
	// library and every requirement a second time.
	// Drop the environments of earlier HEADs, whose configurations are gone.
	if out, err := exec.Command(precommit, "gc").CombinedOutput(); err != nil {
		t.Fatalf("pre-commit gc: %v\n%s", err, out)
	}
	for k, v := range map[string]string{
		"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
		"GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
	} {
		t.Setenv(k, v)
	}

	repo := t.TempDir()
	gitIn(t, repo, "init", "-q")
	writeFile(t, filepath.Join(repo, ".pre-commit-config.yaml"), `repos:
  - repo: `+root+`
    rev: `+head+`
    hooks:
      - id: idemvet
`)
	mustCopy(t, filepath.Join(vetmod, "go.mod"), filepath.Join(repo, "go.mod"))
	mustCopy(t, filepath.Join(vetmod, "clean", "clean.go"), filepath.Join(repo, "clean", "clean.go"))
	install := exec.Command(precommit, "install")
	install.Dir = repo
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("pre-commit install: %v\n%s", err, out)
	}

	gitIn(t, repo, "add", ".")
	commit := exec.Command("git", "commit", "-q", "-m", "clean change")
	commit.Dir = repo
	if out, err := commit.CombinedOutput(); err != nil {
		t.Fatalf("the hook blocked a clean commit: %v\n%s", err, out)
	}

	mustCopy(t, filepath.Join(vetmod, "pay", "pay.go"), filepath.Join(repo, "pay", "pay.go"))
	gitIn(t, repo, "add", ".")
	commit = exec.Command("git", "commit", "-q", "-m", "racy change")
	commit.Dir = repo
	out, err := commit.CombinedOutput()
	if err == nil {
		t.Fatalf("the hook let a check-then-act race be committed:\n%s", out)
	}
	if !strings.Contains(string(out), "pay/pay.go:15:30: check-then-act race") {
		t.Errorf("the hook's output lacks the finding:\n%s", out)
	}
	if n := strings.Count(string(gitIn(t, repo, "log", "--oneline")), "\n"); n != 1 {
		t.Errorf("%d commits, want only the clean one", n)
	}
}

func gitIn(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func mustCopy(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
