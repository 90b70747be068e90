package analyzers

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/idemvet/idemvet/internal/analysisdoc"
)

// TestDocPagesInStep keeps the pages in step with each check's doc.go,
// which is the one source of its text (Analyzer.Doc is a section of it):
// its first WRONG and RIGHT examples must appear verbatim, as Go code
// blocks, on the check's README page, and the top README's check table
// must link that page. The top README's one WRONG/RIGHT example is
// checkthenact's, held to its doc.go the same way. A new check needs its
// page and its table row, and nothing more in the top README: a section
// of its own there would say the page's text twice.
func TestDocPagesInStep(t *testing.T) {
	top := readPage(t, filepath.Join("..", "README.md"))
	for _, a := range All() {
		page := readPage(t, filepath.Join("..", "passes", a.Name, "README.md"))
		row := "| [" + a.Name + "](passes/" + a.Name + "/README.md) |"
		if !hasLinePrefix(top, row) {
			t.Errorf("README.md's check table has no row starting %q", row)
		}
		if hasLinePrefix(top, "### "+a.Name+"\n") {
			t.Errorf("README.md has a ### %s section: the check's text belongs on passes/%s/README.md, and the top README keeps only its table row", a.Name, a.Name)
		}
		for _, label := range []string{"WRONG", "RIGHT"} {
			block, ok := docExample(t, a.Doc, a.Name, label)
			if !ok {
				continue
			}
			if !strings.Contains(page, block) {
				t.Errorf("passes/%s/README.md lacks doc.go's %s example:\n%s", a.Name, label, block)
			}
			if a.Name == "checkthenact" && !strings.Contains(top, block) {
				t.Errorf("README.md lacks checkthenact's doc.go %s example:\n%s", label, block)
			}
		}
	}
}

// docExample returns doc.go's first example under label as a Go code block.
func docExample(t *testing.T, doc, name, label string) (string, bool) {
	t.Helper()
	examples := analysisdoc.Examples(doc, label)
	if len(examples) == 0 {
		t.Errorf("%s: doc.go has no %s example", name, label)
		return "", false
	}
	return "```go\n" + examples[0] + "\n```", true
}

func hasLinePrefix(text, prefix string) bool {
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, prefix) {
			return true
		}
	}
	return false
}

func readPage(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestReadmeLinks checks every relative link of every README.md in the
// repository: the file or directory must exist and an #anchor must be a
// heading of the page it names, so that moving a section or a file cannot
// leave a page pointing nowhere.
func TestReadmeLinks(t *testing.T) {
	root := ".."
	readmes := readmeFiles(t, root)
	if len(readmes) < 10 {
		t.Fatalf("found %d README.md files under %s; the walk is broken", len(readmes), root)
	}
	for _, path := range readmes {
		for _, link := range markdownLinks(readPage(t, path)) {
			if err := checkLink(path, link); err != "" {
				t.Errorf("%s: link %q: %s", path, link, err)
			}
		}
	}
}

// checkLink returns why the link from the page at path is broken, or "".
func checkLink(path, link string) string {
	if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
		return ""
	}
	target, anchor, _ := strings.Cut(link, "#")
	file := path
	if target != "" {
		file = filepath.Join(filepath.Dir(path), filepath.FromSlash(target))
		if _, err := os.Stat(file); err != nil {
			return "no such file or directory"
		}
	}
	if anchor == "" || !strings.HasSuffix(file, ".md") {
		return ""
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	for _, a := range headingAnchors(string(data)) {
		if a == anchor {
			return ""
		}
	}
	return "no heading with that anchor in " + filepath.ToSlash(file)
}

func readmeFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root && d.Name() != ".ci" {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "README.md" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	fencedBlock = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan    = regexp.MustCompile("`[^`]*`")
	mdLink      = regexp.MustCompile(`\]\(([^)\s]+)\)`)
)

// markdownLinks returns the targets of the inline links outside code.
func markdownLinks(page string) []string {
	page = fencedBlock.ReplaceAllString(page, "")
	page = codeSpan.ReplaceAllString(page, "")
	var links []string
	for _, m := range mdLink.FindAllStringSubmatch(page, -1) {
		links = append(links, m[1])
	}
	return links
}

// headingAnchors returns the anchors GitHub gives the page's headings:
// lower case, punctuation dropped, spaces as hyphens, and -1, -2 ... on
// repeats.
func headingAnchors(page string) []string {
	page = fencedBlock.ReplaceAllString(page, "")
	seen := map[string]int{}
	var anchors []string
	for line := range strings.Lines(page) {
		line = strings.TrimRight(line, "\n")
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors = append(anchors, a+"-"+strconv.Itoa(n))
		} else {
			anchors = append(anchors, a)
		}
		seen[a]++
	}
	return anchors
}
