// Package nearby imports a package whose functions carry summary facts,
// but calls only one that has none: nothing here is modelled, and the
// fast path skips it (near miss of caller).
package nearby // want "no SSA"

import "fastpath/sqluser"

func Label(key string) string { return sqluser.Format(key) }
