// Package realworld is the root of a module that exercises idemvet's checks
// against the real data-access libraries from the module proxy, so that type
// matching is tested on real import paths and signatures, not only on stubs.
// Each subdirectory holds the cases of one check; the expected findings are
// marked in the source with trailing "// want:<check>" comments.
package realworld
