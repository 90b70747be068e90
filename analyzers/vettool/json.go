package vettool

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Diagnostic is a diagnostic as go vet -json prints it (unitchecker's
// JSON form), the parts idemvet's commands use.
type Diagnostic struct {
	Posn           string               `json:"posn"`
	Message        string               `json:"message"`
	Related        []RelatedInformation `json:"related"`
	SuggestedFixes []SuggestedFix       `json:"suggested_fixes"`
}

// RelatedInformation is another location a Diagnostic names.
type RelatedInformation struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// SuggestedFix is a fix of a Diagnostic: edits of byte ranges of files.
type SuggestedFix struct {
	Message   string     `json:"message"`
	TextEdits []TextEdit `json:"edits"`
}

// TextEdit replaces the bytes [Start, End) of Filename.
type TextEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// DecodeJSON reads what go vet -json prints, one JSON object per package
// analysed (package ID, then check, then the check's diagnostics or its
// error; a package with nothing to say prints {}), skipping the
// "# package" lines that go commands before Go 1.26 put before them, and
// calls each for every package and check. It returns the number of
// objects read: the number of units go vet analysed.
func DecodeJSON(stream io.Reader, each func(pkg, check string, raw json.RawMessage) error) (objects int, err error) {
	var text bytes.Buffer
	sc := bufio.NewScanner(stream)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			text.Write(sc.Bytes())
			text.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	dec := json.NewDecoder(&text)
	for {
		var obj map[string]map[string]json.RawMessage
		if err := dec.Decode(&obj); errors.Is(err, io.EOF) {
			return objects, nil
		} else if err != nil {
			return objects, err
		}
		objects++
		for pkg, checks := range obj {
			for check, raw := range checks {
				if err := each(pkg, check, raw); err != nil {
					return objects, err
				}
			}
		}
	}
}

// SplitStderr separates what go vet -json printed on standard error into
// the packages' JSON results and the rest. Go 1.26 prints the results on
// standard output; earlier releases print each under a "# package" line
// on standard error, among the go command's own messages and the errors
// of packages that could not be analysed. A module whose go.mod or
// GOTOOLCHAIN selects such a release runs that go vet, so both places
// are read.
func SplitStderr(stderr []byte) (results, rest []byte) {
	var res, other bytes.Buffer
	lines := strings.SplitAfter(string(stderr), "\n")
	for i := 0; i < len(lines); i++ {
		header := lines[i]
		isJSON := strings.HasPrefix(header, "# ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "{")
		if !isJSON {
			other.WriteString(header)
			continue
		}
		// A result is one object printed indented: "{}" alone, or "{"
		// up to the "}" that starts a line.
		res.WriteString(header)
		i++
		res.WriteString(lines[i])
		if strings.TrimSpace(lines[i]) != "{" {
			continue
		}
		for i++; i < len(lines); i++ {
			res.WriteString(lines[i])
			if strings.HasPrefix(lines[i], "}") {
				break
			}
		}
	}
	return res.Bytes(), other.Bytes()
}

// SplitPosition splits a diagnostic's "file:line:col" as go vet -json
// prints it; line and col are 0 when posn has no such suffix.
func SplitPosition(posn string) (file string, line, col int) {
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		return posn, 0, 0
	}
	n := len(parts)
	line, _ = strconv.Atoi(parts[n-2])
	col, _ = strconv.Atoi(parts[n-1])
	return strings.Join(parts[:n-2], ":"), line, col
}

// ReadErrors reads go vet's standard error (without the results that
// SplitStderr takes out): a "# package" line, then the errors that kept
// the package from being analysed. It returns those errors by package
// path and the lines under no header, which are the go command's own. A
// block of C compiler warnings (a cgo dependency built on the way) is
// not a failure: go vet analysed the package, and the block is dropped.
func ReadErrors(stream io.Reader) (broken map[string]string, other string) {
	var rest strings.Builder
	blocks := map[string][]string{}
	var order []string
	current := ""
	sc := bufio.NewScanner(stream)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Text()
		if pkg, ok := strings.CutPrefix(line, "# "); ok {
			current = PackagePath(pkg)
			if _, seen := blocks[current]; !seen {
				order = append(order, current)
				blocks[current] = nil
			}
			continue
		}
		if current == "" {
			rest.WriteString(line + "\n")
			continue
		}
		blocks[current] = append(blocks[current], strings.TrimPrefix(line, "vet: "))
	}
	broken = map[string]string{}
	for _, pkg := range order {
		if lines := blocks[pkg]; len(lines) > 0 && !compilerWarningsOnly(lines) {
			broken[pkg] = strings.Join(lines, "\n")
		}
	}
	return broken, rest.String()
}

// compilerDiagnostic matches a C compiler's diagnostic line
// ("sqlite3-binding.c:1234:5: warning: ..."), capturing its severity.
var compilerDiagnostic = regexp.MustCompile(`^\S+\.(?:c|h|cc|cpp|cxx|hh|hpp|m|s|S):\d+(?::\d+)?: (warning|note|error|fatal error):`)

// compilerWarningsOnly reports whether the lines are what a C compiler
// prints about code it compiled: at least one warning and no error. The
// other lines of such a block are context (the source line, "In function
// ...", "In file included from ...").
func compilerWarningsOnly(lines []string) bool {
	warned := false
	for _, line := range lines {
		m := compilerDiagnostic.FindStringSubmatch(line)
		switch {
		case m == nil && strings.Contains(line, ".go:"):
			return false // a Go file's error
		case m == nil:
		case m[1] == "warning" || m[1] == "note":
			warned = true
		default:
			return false
		}
	}
	return warned
}

// PackagePath drops a test variant's decoration: "p [p.test]" and "[p]"
// are p.
func PackagePath(id string) string {
	id = strings.TrimPrefix(id, "[")
	path, _, _ := strings.Cut(id, " ")
	return strings.TrimSuffix(path, "]")
}
