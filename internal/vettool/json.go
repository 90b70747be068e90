package vettool

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
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

// DecodeJSON reads what go vet -json prints on standard output, one JSON
// object per package (package ID, then check, then the check's
// diagnostics or its error), skipping the "# package" lines older go
// commands put before them, and calls each for every package and check.
func DecodeJSON(stream io.Reader, each func(pkg, check string, raw json.RawMessage) error) error {
	var objects bytes.Buffer
	sc := bufio.NewScanner(stream)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			objects.Write(sc.Bytes())
			objects.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	dec := json.NewDecoder(&objects)
	for {
		var obj map[string]map[string]json.RawMessage
		if err := dec.Decode(&obj); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
		for pkg, checks := range obj {
			for check, raw := range checks {
				if err := each(pkg, check, raw); err != nil {
					return err
				}
			}
		}
	}
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

// ReadErrors reads go vet's standard error: a "# package" line, then the
// errors that kept the package from being analysed. It returns those
// errors by package path and the lines under no header, which are the go
// command's own.
func ReadErrors(stream io.Reader) (broken map[string]string, other string) {
	var rest strings.Builder
	broken = map[string]string{}
	current := ""
	sc := bufio.NewScanner(stream)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Text()
		if pkg, ok := strings.CutPrefix(line, "# "); ok {
			current = PackagePath(pkg)
			continue
		}
		if current == "" {
			rest.WriteString(line + "\n")
			continue
		}
		if broken[current] != "" {
			broken[current] += "\n"
		}
		broken[current] += strings.TrimPrefix(line, "vet: ")
	}
	return broken, rest.String()
}

// PackagePath drops a test variant's decoration: "p [p.test]" and "[p]"
// are p.
func PackagePath(id string) string {
	id = strings.TrimPrefix(id, "[")
	path, _, _ := strings.Cut(id, " ")
	return strings.TrimSuffix(path, "]")
}
