package analyzers

import (
	"runtime/debug"
	"strings"
	"sync"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// modulePath is this module's path, looked up in the build information of
// whatever binary the suite is linked into (idemvet, or a golangci-lint
// with the plugin).
const modulePath = "github.com/idemvet/idemvet"

// noVCS follows "devel" when the binary carries no VCS revision: it was
// built with -buildvcs=false, outside a checkout, or linked into another
// program (golangci-lint) whose revision is not idemvet's.
const noVCS = "(no VCS information)"

// Version is the version of idemvet in this binary: a module version
// (v0.1.0, or a pseudo-version) when it was built from a module download,
// otherwise "devel" followed by the VCS revision of the checkout, with
// "+dirty" when it had local changes, or by noVCS.
var Version = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel " + noVCS
	}
	return versionOf(info)
})

func versionOf(info *debug.BuildInfo) string {
	mod := &info.Main
	if mod.Path != modulePath {
		mod = nil
		for _, dep := range info.Deps {
			if dep.Path == modulePath {
				mod = dep
				if dep.Replace != nil {
					mod = dep.Replace
				}
			}
		}
	}
	if mod != nil && semver.IsValid(mod.Version) {
		return mod.Version
	}
	v := "devel"
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	rev := settings["vcs.revision"]
	if rev == "" || mod != &info.Main {
		return v + " " + noVCS
	}
	v += " " + rev
	if settings["vcs.modified"] == "true" {
		v += "+dirty"
	}
	return v
}

// docRef is the git ref whose documentation matches version: a release
// tag, the commit of a pseudo-version or a checkout, or main.
func docRef(version string) string {
	if semver.IsValid(version) {
		version = semver.Canonical(version) // without +dirty
		if module.IsPseudoVersion(version) {
			if rev, err := module.PseudoVersionRev(version); err == nil {
				return rev
			}
		}
		return version
	}
	if rev, ok := strings.CutPrefix(version, "devel "); ok && rev != noVCS {
		return strings.TrimSuffix(rev, "+dirty")
	}
	return "main"
}

// DocURL is the address of a check's documentation page, for the version
// of idemvet in use, which every diagnostic of the check links to.
func DocURL(check string) string {
	return "https://github.com/idemvet/idemvet/blob/" + docRef(Version()) + "/passes/" + check + "/README.md"
}
