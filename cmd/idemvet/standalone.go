package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
)

// Exit statuses of the standalone form (see the package documentation).
const (
	exitClean      = 0
	exitFailed     = 1
	exitFindings   = 3
	exitIncomplete = 4
	exitBoth       = 5
	exitNoPackages = 6
)

// options are the standalone form's command line.
type options struct {
	json, sarif, fix, diff bool
	// unitArgs are the flags every go vet or go fix unit gets: the
	// configuration file's settings, then the command line's.
	unitArgs []string
	patterns []string
}

// standalone runs idemvet ./... through go vet and returns the exit status.
// Its own messages and the findings go to stderr in one write at the end;
// the go command's output (go fix's diff, go list's warnings) goes
// straight through.
func standalone(args []string, stdout, stderr io.Writer) int {
	var report strings.Builder
	code := runStandalone(args, stdout, stderr, &report)
	if _, err := io.WriteString(stderr, report.String()); err != nil {
		return exitFailed
	}
	return code
}

func runStandalone(args []string, stdout, stderr io.Writer, report *strings.Builder) int {
	opts, err := parseOptions(args, report)
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil {
		fmt.Fprintf(report, "idemvet: %v\n", err)
		return exitFailed
	}
	if opts == nil { // -version
		if _, err := fmt.Fprintf(stdout, "idemvet %s (%s)\n", analyzers.Version(), runtime.Version()); err != nil {
			return exitFailed
		}
		return exitClean
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(report, "idemvet: %v\n", err)
		return exitFailed
	}
	d := &driver{self: self, opts: opts, stdout: stdout, stderr: stderr, report: report}
	return d.run()
}

// parseOptions reads the command line, after the settings of the nearest
// .idemvet.yml, so that a flag overrides the file. It returns nil options
// for -version.
func parseOptions(args []string, usageOut *strings.Builder) (*options, error) {
	fs := flag.NewFlagSet("idemvet", flag.ContinueOnError)
	// Errors are returned and printed once, by the caller; -help prints
	// the usage.
	fs.SetOutput(io.Discard)
	for _, a := range analyzers.All() {
		fs.Bool(a.Name, false, "run the "+a.Name+" check (with -NAME, only the named checks run; -NAME=false turns one off)")
	}
	analyzers.RegisterFlags(fs)
	opts := &options{}
	fs.BoolVar(&opts.json, "json", false, "print findings as JSON on standard output")
	fs.BoolVar(&opts.sarif, "sarif", false, "print findings as SARIF 2.1.0 on standard output, for code scanning")
	fs.BoolVar(&opts.fix, "fix", false, "apply the mechanical fixes, then report what is left")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a diff instead of applying them")
	fs.String("tags", "", "build tags, as for go build")
	version := fs.Bool("version", false, "print idemvet's version and exit")
	usage := func() {
		fs.SetOutput(usageOut)
		fmt.Fprintf(usageOut, "usage: idemvet [flags] [packages]\n\n"+
			"Reports unsafe deduplication and idempotency patterns; packages default to \".\".\n"+
			"Exit status: 0 every package analysed, nothing found; 1 idemvet could not run (a bad flag\n"+
			"or setting, not in a Go module, the go command failed); 3 findings; 4 some packages not\n"+
			"analysed; 5 findings and some packages not analysed; 6 a pattern matched no package.\n\nFlags:\n")
		fs.PrintDefaults()
	}

	path, configArgs, err := vettool.ConfigFlags(".")
	if err != nil {
		return nil, err
	}
	if err := fs.Parse(configArgs); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		usage()
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("%w (idemvet -help lists the flags)", err)
	}
	if *version {
		return nil, nil
	}
	if opts.diff && !opts.fix {
		return nil, errors.New("-diff needs -fix")
	}
	if opts.sarif && (opts.json || opts.fix) {
		return nil, errors.New("-sarif is an output of its own: not with -json or -fix")
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "json", "sarif", "fix", "diff", "suppressed", "budgetcuts":
			return
		}
		opts.unitArgs = append(opts.unitArgs, "-"+f.Name+"="+f.Value.String())
	})
	// The run counts where an analysis stopped at a budget (budget.go).
	opts.unitArgs = append(opts.unitArgs, "-budgetcuts=true")
	if opts.sarif {
		// SARIF records what //idemvet:ignore silenced, as suppressions.
		opts.unitArgs = append(opts.unitArgs, "-suppressed=true")
	}
	opts.patterns = fs.Args()
	if len(opts.patterns) == 0 {
		opts.patterns = []string{"."} // as go vet
	}
	return opts, nil
}

// driver runs go list, go vet and go fix for one standalone run.
type driver struct {
	self           string
	opts           *options
	stdout, stderr io.Writer // for the go command's output
	// report collects what idemvet itself prints on standard error: the
	// go command's messages from go vet, one line per package not
	// analysed, then the findings.
	report *strings.Builder
}

func (d *driver) run() int {
	targets := d.opts.patterns
	var pkgs *vettool.PackageList
	if d.opts.fix {
		// go fix edits files: it gets only the packages that load.
		var err error
		if pkgs, err = vettool.ListPackages("", d.opts.patterns, d.opts.unitArgs, d.stderr); err != nil {
			fmt.Fprintf(d.report, "idemvet: %v\n", err)
			return exitFailed
		}
		targets = pkgs.Analysable(d.opts.patterns)
		if len(targets) > 0 {
			if code, done := d.fix(targets); done {
				return code
			}
		}
	}
	res, err := d.vetListingOnFailure(targets, pkgs)
	if err == nil {
		err = notInModuleError(outsideModule(res.listed, res.goMessages))
	} else if msg := outsideModule(nil, err.Error()); msg != "" {
		err = notInModuleError(msg)
	}
	if err != nil {
		fmt.Fprintf(d.report, "idemvet: %v\n", err)
		return exitFailed
	}
	notesFrom := d.report.Len()
	unmatched := reportUnmatched(res.listed, d.opts.patterns, res.goMessages, d.report)
	incomplete := reportBroken(res.listed, d.report, res.broken, res.failed)
	reportCoverage(res, d.report)
	notes := strings.FieldsFunc(d.report.String()[notesFrom:], func(r rune) bool { return r == '\n' })
	cut := res.cuts.summary()
	findings := res.count() > 0
	switch {
	case d.opts.json || d.opts.sarif:
		print := func() error { return res.printJSON(d.stdout) }
		if d.opts.sarif {
			print = func() error { return res.printSARIF(d.stdout, notes, cut, d.report) }
		}
		if err := print(); err != nil {
			fmt.Fprintf(d.report, "idemvet: %v\n", err)
			return exitFailed
		}
		findings = false // such consumers read the findings, not the status
	case d.opts.diff:
		// The diff is on standard output; what it does not fix follows.
		fixable := res.dropFixable()
		res.writeText(d.report)
		if n := res.count(); fixable+n > 0 {
			fmt.Fprintf(d.report, "idemvet: %d findings: the diff fixes %d, %d have no mechanical fix (above)\n", fixable+n, fixable, n)
		}
		findings = fixable+res.count() > 0
	default:
		res.writeText(d.report)
		if n := res.count(); d.opts.fix && n > 0 {
			fmt.Fprintf(d.report, "idemvet: %d findings have no mechanical fix (above)\n", n)
		}
	}
	if cut != "" {
		// Last, where it is read: a run with no findings ends with it.
		fmt.Fprintln(d.report, cut)
	}
	if res.units == 0 && !incomplete && !unmatched {
		// go vet ran and printed no package's results: say so rather than
		// end in silence.
		fmt.Fprintln(d.report, "idemvet: go vet printed no result for any package the patterns name: nothing was analysed")
	}
	switch {
	case unmatched || res.units == 0 && !incomplete:
		return exitNoPackages
	case findings && incomplete:
		return exitBoth
	case incomplete:
		return exitIncomplete
	case findings:
		return exitFindings
	}
	return exitClean
}

// notInModuleError is the error for a run outside any module, given the
// go command's words (none: nil).
func notInModuleError(msg string) error {
	if msg == "" {
		return nil
	}
	return fmt.Errorf("not in a Go module (run idemvet in a module's directory, or go mod init there): %s", msg)
}

// vetListingOnFailure runs go vet on the targets, listing the packages
// only if it fails (vettool.VetListingOnFailure); pkgs is the listing when
// the caller has one.
func (d *driver) vetListingOnFailure(targets []string, pkgs *vettool.PackageList) (*results, error) {
	var (
		res         *results
		unexplained string
		failed      error
		runs        int
	)
	vet := func(targets []string) (bool, error) {
		res, unexplained, failed = &results{}, "", nil
		if len(targets) == 0 {
			return false, nil
		}
		runs++
		var err error
		res, unexplained, failed, err = d.vet(targets)
		return failed != nil, err
	}
	listed, err := vettool.VetListingOnFailure("", targets, d.opts.unitArgs, pkgs, vet)
	if err != nil {
		return nil, err
	}
	// A failure that names no package is go vet refusing to run. The
	// listing explains the first; a second run is on packages the listing
	// found sound, so its refusal has no explanation, and reporting what
	// it analysed (nothing) would be a "clean" not earned.
	if failed != nil && len(res.broken) == 0 && (runs > 1 || !listed.Explains()) && !noPackagesMatched(unexplained) {
		return nil, fmt.Errorf("go vet: %v\n%s", failed, unexplained)
	}
	d.report.WriteString(unexplained)
	res.listed = listed
	res.goMessages = unexplained
	return res, nil
}

// vet runs go vet -vettool=idemvet -json on the targets and collects what
// it prints. It returns the go command's own messages, and go vet's exit
// error when it failed (a package that does not load or type-check).
func (d *driver) vet(targets []string) (res *results, unexplained string, failed, err error) {
	// Dependencies print their findings too (vettool.DepFindingsFlag), so
	// the packages the targets name are listed, meanwhile, to keep theirs.
	args := slices.Concat([]string{"vet", "-vettool=" + d.self, "-json", "-" + vettool.DepFindingsFlag + "=true"}, d.opts.unitArgs, targets)
	listed := make(chan map[string]bool, 1)
	go func() {
		roots, err := vettool.ListImportPaths("", targets, d.opts.unitArgs)
		if err != nil || len(roots) == 0 {
			// go vet says why, below; a listing that names nothing must
			// not drop every result either: nothing is dropped.
			roots = nil
		}
		listed <- roots
	}()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("go", args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	roots := <-listed
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return nil, "", nil, fmt.Errorf("go vet: %w", runErr)
	}
	res = &results{roots: roots}
	stderrResults, rest := vettool.SplitStderr(stderr.Bytes())
	if err := res.readFindings(io.MultiReader(&stdout, bytes.NewReader(stderrResults))); err != nil {
		return nil, "", nil, fmt.Errorf("reading go vet's output: %w", err)
	}
	return res, res.readErrors(bytes.NewReader(rest)), runErr, nil
}

// fix runs go fix -fixtool=idemvet on the targets, printing the diff
// with -diff and applying the fixes otherwise; the run then goes on to
// report what is left.
func (d *driver) fix(targets []string) (code int, done bool) {
	args := []string{"fix", "-fixtool=" + d.self}
	if d.opts.diff {
		args = append(args, "-diff")
	}
	cmd := exec.Command("go", slices.Concat(args, d.opts.unitArgs, targets)...)
	cmd.Stdout, cmd.Stderr = d.stdout, d.stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &exit):
		fmt.Fprintf(d.report, "idemvet: go fix: %v\n", err)
		return exitFailed, true
	}
	// The run goes on, -diff or not: go vet tells what is left (with
	// -diff, everything), and the packages go fix could not load.
	return 0, false
}
