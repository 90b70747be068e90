// Package routers compiles and tests runtime/idemhttp behind gin and echo,
// the routers that the root module does not depend on: it is a module of its
// own (replace github.com/idemvet/idemvet => ../..), so the root module's
// ./... never builds gin or echo, and .ci/test.sh runs its tests.
//
// Its tests run against real PostgreSQL through internal/pgtest. Its
// examples (example_test.go) and the echo adapter (idemecho) are the code
// that runtime/idemhttp/README.md points users to.
package routers
