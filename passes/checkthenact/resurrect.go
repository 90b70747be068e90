package checkthenact

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An upsert writes the row whether or not it is still there. A record
// read, changed and handed back whole to a store's Upsert puts back a row
// another request deleted in between, besides undoing what that request
// changed:
//
//	d, _ := store.RetrieveDestination(ctx, tenant, id)
//	d.DisabledAt = &now
//	store.UpsertDestination(ctx, *d) // a DeleteDestination since the read is undone
//
// The store's own Delete of the same entity says deletes happen.

// resurrectedRows reports each read whose record a module interface's
// Upsert writes back whole later in its function, unlocked, when the
// interface also deletes that entity.
func resurrectedRows(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	model := judge.model
	for _, w := range model.Ops {
		del := deleterBesideUpsert(w)
		if del == nil || passutil.InTestFile(pass.Fset, w.Pos()) || model.IsStartup(w) {
			continue
		}
		call := w.Call()
		k := dataaccess.RecordParam(w.Callee)
		if call == nil || k < 0 {
			continue
		}
		read := readOfRecord(model, w, dataaccess.Arg(call, k))
		if read == nil || reported[read] || judge.NoTwin(read) || judge.FreshKey(read) || lockedAcross(read, w, model.Ops) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos: read.Pos(),
			Message: fmt.Sprintf("lost update: the record read here is upserted whole by %s at line %d, in a separate step: a %s between the two is undone (the upsert recreates the row) and a concurrent change of it is overwritten (update only what this code changes, in a statement that requires the row to exist, or read it FOR UPDATE in the upsert's transaction)",
				w.Callee.Name(), pass.Fset.Position(w.Pos()).Line, del.Name()),
			Related: []analysis.RelatedInformation{{Pos: w.Pos(), Message: "the upsert of the whole record"}},
		})
		reported[read] = true
	}
}

// deleterBesideUpsert returns, for a call of a method of a module
// interface named Upsert<Noun>, the interface's Delete<Noun> or
// Remove<Noun>, or nil.
func deleterBesideUpsert(w *dataaccess.Op) *types.Func {
	f := w.Callee
	if f == nil || !passutil.IsInterfaceMethod(f) {
		return nil
	}
	noun, ok := strings.CutPrefix(f.Name(), "Upsert")
	if !ok || noun == "" {
		return nil
	}
	iface := dataaccess.DeclaringInterface(f)
	if iface == nil {
		return nil
	}
	for i := range iface.NumMethods() {
		if m := iface.Method(i); m.Name() == "Delete"+noun || m.Name() == "Remove"+noun {
			return m
		}
	}
	return nil
}
