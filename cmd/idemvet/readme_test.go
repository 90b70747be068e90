package main

// Tests that the README blocks a user copies work as written. A fenced sh
// or yaml block preceded by a <!-- runnable ... --> comment is run or
// checked; .ci/README.md ("README blocks that run") documents the marker.

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/modfile"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/testfiles"
)

const repoRoot = "../.."

// readmeBlock is one marked block of a README.
type readmeBlock struct {
	file string // relative to the repository root
	line int    // of the opening fence
	lang string // sh or yaml
	text string
	// From the marker: static (checked, never run), in=repo, e2e,
	// exit=N, want=TEXT.
	static, inRepo, e2e bool
	exit                int
	want                string
}

func (b readmeBlock) name() string { return b.file + ":" + strconv.Itoa(b.line) }

var runnableMarker = regexp.MustCompile(`^<!-- runnable(?::\s*(.*?))?\s*-->$`)

// readmeBlocks returns the marked blocks of the page, and the line of every
// sh or yaml block without a marker.
func readmeBlocks(t *testing.T, file string) (blocks []readmeBlock, unmarked []int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, file))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		lang, isFence := strings.CutPrefix(lines[i], "```")
		if !isFence || lang == "" {
			continue
		}
		end := i + 1
		for end < len(lines) && lines[end] != "```" {
			end++
		}
		text := strings.Join(lines[i+1:min(end, len(lines))], "\n")
		start := i
		i = end
		if lang != "sh" && lang != "yaml" {
			continue
		}
		m := []string(nil)
		if start > 0 {
			m = runnableMarker.FindStringSubmatch(lines[start-1])
		}
		if m == nil {
			unmarked = append(unmarked, start+1)
			continue
		}
		b := readmeBlock{file: file, line: start + 1, lang: lang, text: text}
		for _, opt := range strings.Fields(m[1]) {
			key, value, _ := strings.Cut(opt, "=")
			switch key {
			case "static":
				b.static = true
			case "in":
				if value != "repo" {
					t.Errorf("%s: unknown marker option %q", b.name(), opt)
				}
				b.inRepo = true
			case "e2e":
				b.e2e = true
			case "exit":
				if b.exit, err = strconv.Atoi(value); err != nil {
					t.Errorf("%s: %q: %v", b.name(), opt, err)
				}
			case "want":
				b.want = value
			default:
				t.Errorf("%s: unknown marker option %q", b.name(), opt)
			}
		}
		blocks = append(blocks, b)
	}
	return blocks, unmarked
}

// readmePages returns every README.md of the repository, relative to its
// root.
func readmePages(t *testing.T) []string {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "README.md" {
			rel, err := filepath.Rel(repoRoot, path)
			pages = append(pages, filepath.ToSlash(rel))
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestReadmeBlocks runs or checks every marked block of every README.md;
// every sh and yaml block of the top README must be marked.
func TestReadmeBlocks(t *testing.T) {
	var all []readmeBlock
	for _, page := range readmePages(t) {
		blocks, unmarked := readmeBlocks(t, page)
		if page == "README.md" {
			for _, line := range unmarked {
				t.Errorf("README.md:%d: a sh or yaml block without a <!-- runnable --> marker", line)
			}
		}
		all = append(all, blocks...)
	}
	if len(all) < 8 {
		t.Fatalf("only %d marked blocks found; the extraction is broken", len(all))
	}
	for _, b := range all {
		t.Run(b.name(), func(t *testing.T) {
			switch {
			case b.lang == "yaml":
				checkYAMLBlock(t, b)
			case b.static:
				checkShellStatically(t, b.text)
			default:
				runShellBlock(t, b)
			}
		})
	}
}

// TestReadmeTestCommandIsCI holds the top README's test command and
// .ci/run to the same thing: the same environment, then the same script.
func TestReadmeTestCommandIsCI(t *testing.T) {
	blocks, _ := readmeBlocks(t, "README.md")
	var readme string
	for _, b := range blocks {
		if b.lang == "sh" && strings.Contains(b.text, ".ci/test.sh") {
			readme = strings.TrimSpace(b.text)
		}
	}
	if readme == "" {
		t.Fatal("README.md has no block that runs .ci/test.sh")
	}
	data, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	var ci string
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "export "); ok {
			env = append(env, v)
		}
		if v, ok := strings.CutPrefix(line, "exec "); ok {
			ci = strings.Join(append(env, v), " ")
		}
	}
	if ci != readme {
		t.Errorf("README.md's test command is %q, but .ci/run runs %q", readme, ci)
	}
}

// runShellBlock runs the block with bash, as a user pastes it, with
// $(go env GOPATH)/bin/idemvet the binary under test (or, from the
// repository root, whatever the block installs there).
func runShellBlock(t *testing.T, b readmeBlock) {
	if b.e2e {
		testfiles.EndToEnd(t)
	}
	gopath := t.TempDir()
	dir := vetCopy(t)
	if b.inRepo {
		dir = repoRoot
	} else {
		mustCopy(t, idemvetBinary(t), filepath.Join(gopath, "bin", "idemvet"))
		if err := os.Chmod(filepath.Join(gopath, "bin", "idemvet"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script := filepath.Join(t.TempDir(), "block.sh")
	writeFile(t, script, b.text+"\n")
	modcache := strings.TrimSpace(string(runIn(t, ".", goCommand(t), "env", "GOMODCACHE")))
	env := []string{"GOPATH=" + gopath, "GOMODCACHE=" + modcache, "GOBIN="}
	run := vetExecEnv(t, dir, env, "bash", script)
	out := run.stdout + run.stderr
	if run.exitCode != b.exit {
		t.Errorf("the block exited with status %d, want %d:\n%s\n---\n%s", run.exitCode, b.exit, b.text, out)
	}
	for _, broken := range []string{"command not found", "No such file or directory", "flag provided but not defined", "-help lists the flags"} {
		if strings.Contains(out, broken) {
			t.Errorf("the block's output says %q:\n%s", broken, out)
		}
	}
	if !strings.Contains(out, b.want) {
		t.Errorf("the block's output lacks %q:\n%s", b.want, out)
	}
}

// knownCommands are built or installed by the README's own steps.
var knownCommands = []string{"idemvet", "golangci-lint-idemvet", "pre-commit"}

// shellBuiltins are never looked up on PATH.
var shellBuiltins = []string{"cd", "source", ".", "export", "time", "echo", "[", "test", "set"}

// checkShellStatically checks what can be checked without running the
// commands: each exists, each path given to cd, bash or source exists in
// the repository (from its root, following the block's cd), and each flag
// given to idemvet, directly or through go vet -vettool / go fix -fixtool,
// is one of its flags.
func checkShellStatically(t *testing.T, text string) {
	flags := idemvetFlags(t)
	cwd := "."
	vars := map[string]string{}
	for _, cmd := range shellCommands(text) {
		for len(cmd) > 0 && isAssignment(cmd[0]) {
			name, value, _ := strings.Cut(cmd[0], "=")
			vars[name] = value
			cmd = cmd[1:]
		}
		if len(cmd) > 0 && cmd[0] == "time" {
			cmd = cmd[1:]
		}
		if len(cmd) == 0 {
			continue
		}
		word := cmd[0]
		if v, ok := strings.CutPrefix(word, "$"); ok && vars[v] != "" {
			word = vars[v]
		}
		name := filepath.Base(word)
		switch {
		case name == "cd" || name == "bash" || name == "source" || name == ".":
			if len(cmd) < 2 || filepath.IsAbs(cmd[1]) || strings.Contains(cmd[1], "$") {
				break
			}
			path := filepath.Join(cwd, cmd[1])
			if _, err := os.Stat(filepath.Join(repoRoot, path)); err != nil {
				t.Errorf("%s %s: not in the repository: %v", name, cmd[1], err)
			}
			if name == "cd" {
				cwd = path
			}
		case name == "idemvet":
			checkIdemvetFlags(t, flags, cmd[1:], true)
		case name == "go" && len(cmd) > 1 && (cmd[1] == "vet" || cmd[1] == "fix"):
			checkIdemvetFlags(t, flags, cmd[2:], false)
		case slices.Contains(knownCommands, name) || slices.Contains(shellBuiltins, name):
		default:
			if _, err := exec.LookPath(name); err != nil {
				t.Errorf("%q: no such command", strings.Join(cmd, " "))
			}
		}
	}
}

// checkIdemvetFlags checks the flags before the first package pattern. Of
// go vet's and go fix's own flags only the tool flag is expected; every
// other flag is the tool's.
func checkIdemvetFlags(t *testing.T, flags []string, args []string, direct bool) {
	t.Helper()
	for _, arg := range args {
		if !strings.HasPrefix(arg, "-") {
			return
		}
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !direct && (name == "vettool" || name == "fixtool" || name == "json" || name == "diff") {
			continue
		}
		if !slices.Contains(flags, name) {
			t.Errorf("idemvet has no flag %s (idemvet -help: %v)", arg, flags)
		}
	}
}

var helpFlag = regexp.MustCompile(`(?m)^  -(\S+)`)

// idemvetFlags returns the flags idemvet -help lists.
func idemvetFlags(t *testing.T) []string {
	t.Helper()
	run := vetExec(t, ".", idemvetBinary(t), "-help")
	var flags []string
	for _, m := range helpFlag.FindAllStringSubmatch(run.stdout+run.stderr, -1) {
		flags = append(flags, m[1])
	}
	if !slices.Contains(flags, "fix") {
		t.Fatalf("idemvet -help lists no -fix; output:\n%s%s", run.stdout, run.stderr)
	}
	return flags
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

func isAssignment(word string) bool { return assignment.MatchString(word) }

// shellCommands splits a script into simple commands, each a list of words
// with quotes removed; $(...) stays inside its word, a redirection drops
// its target, and comments are dropped.
func shellCommands(text string) [][]string {
	var cmds [][]string
	var cmd []string
	var word strings.Builder
	inWord, redirect := false, false
	endWord := func() {
		if inWord {
			if !redirect {
				cmd = append(cmd, word.String())
			}
			redirect = false
		}
		word.Reset()
		inWord = false
	}
	endCmd := func() {
		endWord()
		if len(cmd) > 0 {
			cmds = append(cmds, cmd)
		}
		cmd = nil
	}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\' && i+1 < len(rs) && rs[i+1] == '\n':
			i++
		case r == '#' && !inWord:
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
			endCmd()
		case r == '\n' || r == ';' || r == '&' || r == '|' || r == '(' || r == ')':
			endCmd()
		case r == '>' || r == '<':
			endWord()
			redirect = true
			if i+1 < len(rs) && rs[i+1] == '&' { // 2>&1: the target is a descriptor
				i++
			}
		case r == ' ' || r == '\t':
			endWord()
		case r == '\'':
			inWord = true
			for i++; i < len(rs) && rs[i] != '\''; i++ {
				word.WriteRune(rs[i])
			}
		case r == '"':
			inWord = true
			for i++; i < len(rs) && rs[i] != '"'; i++ {
				i = copySubstitution(rs, i, &word)
			}
		default:
			inWord = true
			i = copySubstitution(rs, i, &word)
		}
	}
	endCmd()
	return cmds
}

// copySubstitution copies rs[i] to word, or the whole $(...) that starts
// there, and returns the index of the last rune copied.
func copySubstitution(rs []rune, i int, word *strings.Builder) int {
	if rs[i] != '$' || i+1 >= len(rs) || rs[i+1] != '(' {
		word.WriteRune(rs[i])
		return i
	}
	depth := 0
	for ; i < len(rs); i++ {
		word.WriteRune(rs[i])
		switch rs[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// checkYAMLBlock parses the block and checks the file its first line
// names for what makes that file work.
func checkYAMLBlock(t *testing.T, b readmeBlock) {
	first, _, _ := strings.Cut(b.text, "\n")
	file, ok := strings.CutPrefix(first, "# ")
	if !ok {
		t.Fatalf("the block's first line must name its file (# .golangci.yml, ...): %q", first)
	}
	file, _, _ = strings.Cut(file, ",")
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(b.text), &doc); err != nil {
		t.Fatalf("%s does not parse: %v", file, err)
	}
	switch {
	case file == ".golangci.yml":
		checkGolangciConfig(t, doc)
	case file == ".custom-gcl.yml":
		checkCustomGCL(t, doc)
	case file == ".pre-commit-config.yaml":
		checkPreCommitConfig(t, doc)
	case file == ".idemvet.yml":
		loadSettings(t, b.text)
	case strings.HasPrefix(file, ".github/workflows/"):
		jobs, _ := doc["jobs"].(map[string]any)
		if len(jobs) == 0 {
			t.Fatal("a workflow without jobs")
		}
		for _, job := range jobs {
			steps, _ := job.(map[string]any)["steps"].([]any)
			for _, step := range steps {
				if run, ok := step.(map[string]any)["run"].(string); ok {
					checkShellStatically(t, run)
				}
			}
		}
	default:
		t.Fatalf("no check for %s", file)
	}
}

// checkGolangciConfig: idemvet enabled as a module plugin, with settings
// that load and hide no check.
func checkGolangciConfig(t *testing.T, doc map[string]any) {
	if doc["version"] != "2" {
		t.Errorf(`version is %v, want "2" (golangci-lint v2)`, doc["version"])
	}
	linters := mapAt(t, doc, "linters")
	enable, _ := linters["enable"].([]any)
	disable, _ := linters["disable"].([]any)
	if !slices.Contains(enable, any("idemvet")) || slices.Contains(disable, any("idemvet")) {
		t.Errorf("linters.enable must list idemvet (and disable must not): %v, %v", enable, disable)
	}
	plugin := mapAt(t, mapAt(t, mapAt(t, linters, "settings"), "custom"), "idemvet")
	if plugin["type"] != "module" {
		t.Errorf("linters.settings.custom.idemvet.type is %v, want module", plugin["type"])
	}
	settings, err := yaml.Marshal(plugin["settings"])
	if err != nil {
		t.Fatal(err)
	}
	s := loadSettings(t, string(settings))
	checks, err := s.Analyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(checks) != len(analyzers.All()) {
		t.Errorf("the settings run %d of the %d checks: the example must not hide a check", len(checks), len(analyzers.All()))
	}
}

// checkCustomGCL: the module, its plugin package and the golangci-lint
// version cmd/golangci-lint-idemvet builds.
func checkCustomGCL(t *testing.T, doc map[string]any) {
	module := modulePath(t, filepath.Join(repoRoot, "go.mod"))
	gclMod := readModFile(t, filepath.Join(repoRoot, "cmd", "golangci-lint-idemvet", "go.mod"))
	var want string
	for _, r := range gclMod.Require {
		if r.Mod.Path == "github.com/golangci/golangci-lint/v2" {
			want = r.Mod.Version
		}
	}
	if doc["version"] != want {
		t.Errorf("version is %v; cmd/golangci-lint-idemvet builds golangci-lint %s", doc["version"], want)
	}
	plugins, _ := doc["plugins"].([]any)
	if len(plugins) != 1 {
		t.Fatalf("want one plugin, got %v", doc["plugins"])
	}
	p, _ := plugins[0].(map[string]any)
	if p["module"] != module {
		t.Errorf("plugins[0].module is %v, want %s", p["module"], module)
	}
	pkg, _ := p["import"].(string)
	rel, ok := strings.CutPrefix(pkg, module+"/")
	src, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel), "plugin.go"))
	if !ok || err != nil || !bytes.Contains(src, []byte(`register.Plugin("idemvet"`)) {
		t.Errorf("plugins[0].import %q is not the package that registers the idemvet plugin", pkg)
	}
	if (p["version"] == nil) == (p["path"] == nil) {
		t.Errorf("plugins[0] needs a version or a path: %v", p)
	}
}

// checkPreCommitConfig: this repository, a rev, and hook ids that
// .pre-commit-hooks.yaml defines.
func checkPreCommitConfig(t *testing.T, doc map[string]any) {
	data, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []map[string]any
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	var ids []any
	for _, h := range hooks {
		ids = append(ids, h["id"])
	}
	repos, _ := doc["repos"].([]any)
	if len(repos) == 0 {
		t.Fatal("no repos")
	}
	for _, r := range repos {
		repo, _ := r.(map[string]any)
		if want := "https://" + modulePath(t, filepath.Join(repoRoot, "go.mod")); repo["repo"] != want {
			t.Errorf("repo is %v, want %s", repo["repo"], want)
		}
		if rev, _ := repo["rev"].(string); rev == "" {
			t.Errorf("repo %v has no rev", repo["repo"])
		}
		used, _ := repo["hooks"].([]any)
		for _, h := range used {
			if id := h.(map[string]any)["id"]; !slices.Contains(ids, id) {
				t.Errorf("hook id %v is not in .pre-commit-hooks.yaml (%v)", id, ids)
			}
		}
		if len(used) == 0 {
			t.Errorf("repo %v uses no hook", repo["repo"])
		}
	}
}

// loadSettings loads text as idemvet loads a .idemvet.yml.
func loadSettings(t *testing.T, text string) analyzers.Settings {
	t.Helper()
	path := filepath.Join(t.TempDir(), ".idemvet.yml")
	writeFile(t, path, text)
	s, err := analyzers.LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Args(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Analyzers(); err != nil {
		t.Fatal(err)
	}
	return s
}

func mapAt(t *testing.T, m map[string]any, key string) map[string]any {
	t.Helper()
	v, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("no %s mapping in %v", key, m)
	}
	return v
}

func readModFile(t *testing.T, path string) *modfile.File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func modulePath(t *testing.T, gomod string) string {
	t.Helper()
	return readModFile(t, gomod).Module.Mod.Path
}
