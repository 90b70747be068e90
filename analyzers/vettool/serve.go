package vettool

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet/analyzers"
)

// UnitConfig returns the configuration file of the unit the go command
// hands its vet tool with args (one package, its *.cfg last), and whether
// args hand it one at all rather than ask about the tool.
func UnitConfig(args []string) (cfg string, ok bool) {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return args[len(args)-1], true
	}
	return "", false
}

// IsInvocation reports whether the go command is talking to the process
// as its vet or fix tool: asking for its version (-V=full) or its flags
// (-flags), or handing it one package's configuration file (*.cfg).
// "help [check]" is served the same way, by the x/tools driver.
func IsInvocation(args []string) bool {
	if _, unit := UnitConfig(args); unit || len(args) > 0 && args[0] == "help" {
		return true
	}
	for _, a := range args {
		switch strings.TrimPrefix(a, "-") {
		case "-flags", "flags", "V", "-V", "V=full", "-V=full":
			return true
		}
	}
	return false
}

// Serve answers go vet -vettool and go fix -fixtool through the
// unitchecker protocol and exits. With configFile, the settings of the
// nearest .idemvet.yml apply before the command line's flags (so that
// flags override the file), and the file's content keys go vet's result
// cache; without it (golangci-lint, whose settings arrive as flags) no
// file is read.
func Serve(args []string, configFile bool) {
	log.SetFlags(0)
	log.SetPrefix("idemvet: ")
	if slices.Contains(args, "-V=full") || slices.Contains(args, "--V=full") {
		if err := printVersionFull(os.Stdout, configFile); err != nil {
			log.Fatal(err)
		}
		os.Exit(0)
	}
	cfg, unit := UnitConfig(args)
	if unit {
		TuneUnitGC()
	}
	if unit && serveDependencyUnit(cfg) {
		os.Exit(0)
	}
	if unit && WantsDepFindings(args) {
		full, err := fullUnitConfig(cfg)
		if err != nil {
			log.Fatal(err)
		}
		args = slices.Concat(args[:len(args)-1], []string{full})
	}
	flag.CommandLine.Bool(DepFindingsFlag, false, "analyse a unit go vet runs only for facts in full, printing its findings (what the standalone form asks)")
	analyzers.RegisterFlags(flag.CommandLine)
	if configFile && unit {
		// go vet runs each package's unit in the package's directory.
		_, configArgs, err := ConfigFlags(".")
		if err != nil {
			log.Fatal(err)
		}
		args = slices.Concat(configArgs, args)
	}
	os.Args = slices.Concat(os.Args[:1], args)
	multichecker.Main(analyzers.All()...)
	panic("unreachable")
}

// ConfigFlags finds the .idemvet.yml that applies in dir and returns its
// path and its settings as flags; none when there is no file.
func ConfigFlags(dir string) (string, []string, error) {
	path, err := analyzers.FindConfig(dir)
	if err != nil || path == "" {
		return "", nil, err
	}
	s, err := analyzers.LoadConfig(path)
	if err != nil {
		return "", nil, err
	}
	args, err := s.Args()
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	return path, args, nil
}

// printVersionFull answers go vet's -V=full, whose line keys its result
// cache: "devel" makes it use the build ID, which hashes this executable
// and, with configFile, the configuration file found from the working
// directory, so that a new binary or an edited .idemvet.yml invalidates
// cached results. (Settings given as flags key the cache by themselves.)
func printVersionFull(w io.Writer, configFile bool) error {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if configFile {
		if path, err := analyzers.FindConfig("."); err != nil {
			return err
		} else if path != "" {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			h.Write(data)
		}
	}
	// The go command reads "devel" as the third word; what follows, up
	// to buildID, is for people.
	version := strings.TrimPrefix(analyzers.Version(), "devel ")
	_, err = fmt.Fprintf(w, "idemvet version devel %s buildID=%x\n", version, h.Sum(nil))
	return err
}
