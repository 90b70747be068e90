// Package memo imports only sync, and keeps its memory in a sync.Map,
// whose Load and Store the tables know: the package is modelled (near
// miss of handleronly's mutex).
package memo // want "SSA built"

import "sync"

var done sync.Map

func Once(key string, work func()) {
	if _, ok := done.Load(key); !ok {
		work()
		done.Store(key, true)
	}
}
