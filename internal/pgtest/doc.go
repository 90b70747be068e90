// Package pgtest gives each test its own database on a real PostgreSQL server.
//
// The server comes from, in order:
//
//  1. the IDEMVET_PG_DSN environment variable (.ci/postgres.sh exports it);
//  2. a throwaway server that Main starts from the machine's PostgreSQL
//     binaries (/usr/lib/postgresql/*/bin or $PATH) in a temporary directory,
//     shared by every test of the binary and stopped when the tests end;
//  3. nothing: tests skip with a message saying how to get a server, except
//     when IDEMVET_REQUIRE_PG=1 or CI=true, where they fail. Nothing is ever
//     skipped silently in CI.
//
// A package that uses pgtest calls Main from TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// Tests call NewDB or NewPool, which create a database with a unique name and
// drop it in t.Cleanup. Examples cannot take a *testing.T, so they call
// CreateDB, which returns the database and a drop function; Main skips the
// examples (with a printed reason) when no server is available, because an
// example cannot skip itself.
package pgtest
