// Package e2e holds the end-to-end tests of cmd/golangci-lint-idemvet:
// they build that command, golangci-lint v2 with the idemvet module plugin
// compiled in (or take the one .ci/test.sh built, IDEMVET_GCL), and run it
// on the fixture module in testdata/fixture and on this repository.
// .ci/test.sh runs them. They never skip: a missing toolchain or module
// fails them. They sit in a package of their own, which does not import
// golangci-lint, so that testing them compiles nothing of golangci-lint
// when the binary is already built.
package e2e
