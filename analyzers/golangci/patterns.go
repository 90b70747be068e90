package golangci

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// lintedDirs reads, from golangci-lint's command line, the directories it
// was asked to lint, so that go vet analyses those packages and not the
// whole module: `golangci-lint run ./pkg/api/...` in a module of a
// thousand packages should cost what that subtree costs. golangci-lint
// gives a plugin no other view of its arguments.
//
// Each returned entry is an absolute directory, with "/..." kept when the
// argument had it. An argument counts when it follows "run", does not
// start with "-", and, less any "/..." suffix, names a directory or a .go
// file that exists (the file stands for its directory): a flag's
// value ("5m", "json", a configuration file) fails that test. With no
// such argument golangci-lint lints "./...", so the answer is the working
// directory and below. ok is false when args is not a run command line;
// the caller then analyses the whole module.
func lintedDirs(args []string, cwd string) (dirs []string, ok bool) {
	run := slices.Index(args, "run")
	if run < 0 {
		return nil, false
	}
	for _, arg := range args[run+1:] {
		if strings.HasPrefix(arg, "-") {
			continue
		}
		recursive := arg == "..." || strings.HasSuffix(arg, "/...")
		dir := strings.TrimSuffix(strings.TrimSuffix(arg, "..."), "/")
		if dir == "" {
			dir = "."
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
		info, err := os.Stat(dir)
		switch {
		case err != nil:
			continue
		case !info.IsDir() && strings.HasSuffix(dir, ".go"):
			dir = filepath.Dir(dir)
		case !info.IsDir():
			continue
		}
		if recursive {
			dir += "/..."
		}
		dirs = append(dirs, dir)
	}
	if len(dirs) == 0 {
		dirs = []string{filepath.Join(cwd, "...")}
	}
	return dirs, true
}

// patternsIn turns the linted directories into go list patterns relative
// to the module at root: a directory inside the module as itself, a
// recursive one that holds the whole module as "./...". Directories of
// other modules are left out; with none left, the whole module.
func patternsIn(root string, dirs []string) []string {
	var patterns []string
	for _, d := range dirs {
		dir, recursive := strings.CutSuffix(d, "/...")
		if rel, err := filepath.Rel(root, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			p := "./" + filepath.ToSlash(rel)
			if rel == "." {
				p = "."
			}
			if recursive {
				p = strings.TrimSuffix(p, "/.") + "/..."
			}
			patterns = append(patterns, p)
		} else if recursive && strings.HasPrefix(root+"/", strings.TrimSuffix(dir, "/")+"/") {
			patterns = append(patterns, "./...")
		}
	}
	if len(patterns) == 0 {
		return []string{"./..."}
	}
	return patterns
}
