package checkthenact

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A high-water mark kept in a row (the last TOTP step accepted, the
// sequence number or timestamp of the last event applied, a nonce
// counter) is read, compared with the value the request brings, and
// overwritten with that value in a separate step:
//
//	var last int64
//	db.QueryRowContext(ctx, `SELECT last_step FROM users WHERE id = $1`, id).Scan(&last)
//	if step <= last { return errReplay }
//	db.ExecContext(ctx, `UPDATE users SET last_step = $2 WHERE id = $1`, id, step)
//
// Two requests with the same code both read the old mark and both pass:
// the one-time code is accepted twice, or the older of two events is
// applied over the newer. The comparison belongs in the write (UPDATE
// ... SET last_step = $2 WHERE id = $1 AND last_step < $2, going on only
// when it changed a row), or the read must lock the row.

// markRace is one such race: the read of the mark, where it is compared
// with the incoming value, and the write that stores that value.
type markRace struct {
	read   *dataaccess.Op
	field  string
	cmp    token.Pos // the comparison, or the call of the helper that compares
	helper string    // the helper that compares, when it is one
	write  *dataaccess.Op
}

// markRaces reports, for every read not already reported, a mark it
// loads compared with an incoming value on a branch that refuses, and
// then overwritten with that value by an unguarded write of its row.
func markRaces(pass *analysis.Pass, judge *Judge, usable func(*dataaccess.Op) bool, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, read := range ops {
		if reported[read] || !usable(read) || read.Kind != apis.Read || readSerialised(read, ops) {
			continue
		}
		if r, ok := markRaceOf(read, ops); ok {
			reportMarkRace(pass, r)
			reported[read] = true
		}
	}
}

func markRaceOf(read *dataaccess.Op, ops []*dataaccess.Op) (markRace, bool) {
	at, ok := read.Instr.(*ssa.Call)
	if !ok {
		return markRace{}, false
	}
	records := withPhis(recordValues(read))
	for _, q := range quantities(read) {
		if q.field == "" {
			q.field = scannedColumn(read, at, q.v)
		}
		if !namesMark(q.field) {
			continue
		}
		for _, cmp := range orderings(q.v) {
			incoming := cmp.X
			if incoming == q.v {
				incoming = cmp.Y
			}
			if _, ok := incoming.(*ssa.Const); ok || fromRecord(records, incoming) {
				continue // a threshold, or another field of the row: no value brought in
			}
			for _, test := range ifsOf(cmp) {
				if !ssautil.Before(at, test) {
					continue
				}
				for _, w := range ops {
					if overwritesMark(read, records, q.field, incoming, w) && throughOneArm(test, w, read.Fn) {
						return markRace{read: read, field: q.field, cmp: cmp.Pos(), write: w}, true
					}
				}
			}
		}
	}
	return helperMarkRace(read, at, records, ops)
}

// helperMarkRace finds the mark compared by a helper handed the record
// (step, err := totp.ValidateCode(code, u.OTPSecret, now), refusing a
// step at or below the stored one with its error): the number it returns
// is stored into a field of the record named for a mark, and a write of
// the record follows on the branch where the error was nil.
func helperMarkRace(read *dataaccess.Op, at *ssa.Call, records []ssa.Value, ops []*dataaccess.Op) (markRace, bool) {
	for _, st := range markStores(records) {
		h, ok := helperResult(st.Val)
		if !ok || !ssautil.Before(at, h) || !slices.ContainsFunc(h.Call.Args, func(a ssa.Value) bool { return fromRecord(records, a) }) {
			continue
		}
		for _, test := range errorTests(h) {
			for _, w := range ops {
				if w.Kind == apis.Update && !w.StateGuard && (w.Summary == nil || !w.Summary.StateGuard) && !dataaccess.NonIdempotent(w) &&
					savesRecordPart(records, w) && ssautil.Reachable(st, w.Instr) && throughOneArm(test, w, read.Fn) {
					fa := st.Addr.(*ssa.FieldAddr)
					return markRace{read: read, field: ssautil.FieldName(fa.X.Type(), fa.Field), cmp: h.Pos(), helper: dataaccess.Callee(&h.Call).Name(), write: w}, true
				}
			}
		}
	}
	return markRace{}, false
}

// markStores returns the stores into fields named for a mark of the
// records or of records they hold (u.OTPSecret.LastValidatedStep).
func markStores(records []ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, st := range nestedFieldStores(records, 2) {
		fa := st.Addr.(*ssa.FieldAddr)
		if namesMark(ssautil.FieldName(fa.X.Type(), fa.Field)) {
			out = append(out, st)
		}
	}
	return out
}

// helperResult returns the call of a function of the program whose
// number v is (or is wrapped from: nulls.NewInt64(step)), when the call
// also returns an error.
func helperResult(v ssa.Value) (*ssa.Call, bool) {
	for range 2 {
		switch x := dataaccess.Unwrap(v).(type) {
		case *ssa.Extract:
			c, ok := x.Tuple.(*ssa.Call)
			if !ok || dataaccess.Callee(&c.Call) == nil {
				return nil, false
			}
			res := c.Call.Signature().Results()
			return c, res.Len() == 2 && isNumber(res.At(0).Type()) && ssautil.IsError(res.At(1).Type()) && x.Index == 0
		case *ssa.Call:
			if len(x.Call.Args) != 1 {
				return nil, false
			}
			v = x.Call.Args[0]
		default:
			return nil, false
		}
	}
	return nil, false
}

// errorTests returns the ifs on the call's error result being nil.
func errorTests(c *ssa.Call) []*ssa.If {
	var ifs []*ssa.If
	for _, e := range ssautil.ErrorResults(c) {
		for _, use := range *e.Referrers() {
			if b, ok := use.(*ssa.BinOp); ok && (b.Op == token.NEQ || b.Op == token.EQL) {
				ifs = append(ifs, ifsOf(b)...)
			}
		}
	}
	return ifs
}

// savesRecordPart reports whether w is handed one of the records or a
// record they hold.
func savesRecordPart(records []ssa.Value, w *dataaccess.Op) bool {
	call := w.Call()
	if call == nil {
		return false
	}
	for i := 0; dataaccess.Arg(call, i) != nil; i++ {
		if a := dataaccess.Arg(call, i); !contextOrHandle(a) && fromRecord(records, a) {
			return true
		}
	}
	return false
}

// overwritesMark reports whether w is an unguarded, absolute write of the
// read's row that stores the incoming value: as one of its arguments, or
// through the record's field that it saves.
func overwritesMark(read *dataaccess.Op, records []ssa.Value, field string, incoming ssa.Value, w *dataaccess.Op) bool {
	if w.Kind != apis.Update || w.StateGuard || w.Summary != nil && w.Summary.StateGuard || dataaccess.NonIdempotent(w) || !sameRow(read, records, field, w) {
		return false
	}
	call := w.Call()
	if call == nil {
		return false
	}
	for i := 0; dataaccess.Arg(call, i) != nil; i++ {
		a := dataaccess.Arg(call, i)
		if dataaccess.SameValue(a, incoming) || slices.ContainsFunc(dataaccess.VariadicElems(a), func(e ssa.Value) bool { return dataaccess.SameValue(e, incoming) }) {
			return true
		}
	}
	return slices.ContainsFunc(fieldStores(records, field), func(st *ssa.Store) bool {
		return dataaccess.SameValue(st.Val, incoming) && ssautil.Reachable(st, w.Instr)
	})
}

// namesMark reports whether a field's name says it keeps the last value
// seen of something that only moves forward: a step, a counter, a
// sequence number, a nonce, a version.
func namesMark(field string) bool {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	for _, w := range apis.SplitWords(field) {
		switch strings.ToLower(w) {
		case "step", "counter", "seq", "sequence", "nonce", "version", "generation", "revision":
			return true
		}
	}
	return false
}

func reportMarkRace(pass *analysis.Pass, r markRace) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	where := fmt.Sprintf("at line %d", line(r.cmp))
	if r.helper != "" {
		where = fmt.Sprintf("by %s at line %d", r.helper, line(r.cmp))
	}
	pass.Report(analysis.Diagnostic{
		Pos: r.read.Pos(),
		Message: fmt.Sprintf("mark race: %s read here is compared with the value the request brings %s, and overwritten with it at line %d in a separate step, so two concurrent callers with the same value both pass (a one-time code accepted twice, an older event applied over a newer one) (make the comparison part of the write: UPDATE ... SET %s = $1 WHERE id = $2 AND %s < $1, going on only when it changed a row; or read the row FOR UPDATE in the transaction that writes it)",
			r.field, where, line(r.write.Pos()), markColumn(r.field), markColumn(r.field)),
		Related: []analysis.RelatedInformation{{Pos: r.write.Pos(), Message: "the write of the new mark, which tests nothing"}},
		URL:     apis.RuntimeClaimURL,
	})
}

// markColumn spells the field as the column a fix names: its last part,
// as written when it came from SQL (last_step), else in snake case.
func markColumn(field string) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	return columnOf(field)
}

// scannedColumn names the column of a SELECT whose value v is, when v is
// loaded from a variable a Scan on the read's result fills: the scan
// target's position in the select list (SELECT otp_secret, last_step ...
// Scan(&secret, &last)).
func scannedColumn(read *dataaccess.Op, at *ssa.Call, v ssa.Value) string {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	columns := selectList(at)
	for _, ref := range *at.Referrers() {
		scan, ok := ref.(*ssa.Call)
		if !ok || dataaccess.Callee(&scan.Call) == nil || dataaccess.Callee(&scan.Call).Name() != "Scan" {
			continue
		}
		args := scan.Call.Args
		if !scan.Call.IsInvoke() && len(args) > 0 {
			args = args[1:]
		}
		var targets []ssa.Value
		for _, a := range args {
			if elems := dataaccess.VariadicElems(a); elems != nil {
				targets = append(targets, elems...)
			} else {
				targets = append(targets, a)
			}
		}
		for i, t := range targets {
			if dataaccess.Unwrap(t) == load.X && i < len(columns) {
				return columns[i]
			}
		}
	}
	return ""
}

// selectList returns the names of the output columns of the SELECT the
// call runs, as its text spells them (the alias, or the column without
// its table).
func selectList(call *ssa.Call) []string {
	for i := 0; dataaccess.Arg(&call.Call, i) != nil; i++ {
		text, ok := dataaccess.SQLText(dataaccess.Arg(&call.Call, i))
		if !ok {
			continue
		}
		upper := strings.ToUpper(text)
		from, sel := strings.Index(upper, " FROM "), strings.Index(upper, "SELECT ")
		if sel < 0 || from < sel {
			continue
		}
		var names []string
		for _, col := range splitTopLevel(text[sel+len("SELECT ") : from]) {
			fields := strings.Fields(col)
			if len(fields) == 0 {
				return nil
			}
			name := fields[len(fields)-1]
			if j := strings.LastIndexByte(name, '.'); j >= 0 {
				name = name[j+1:]
			}
			names = append(names, strings.Trim(name, `"`))
		}
		return names
	}
	return nil
}

// splitTopLevel splits a select list at the commas outside parentheses.
func splitTopLevel(list string) []string {
	var parts []string
	depth, start := 0, 0
	for i, r := range list {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, list[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, list[start:])
}

// nestedFieldStores returns the stores into fields of the values, and of
// the records their fields hold (loaded, or addressed in place), within
// depth levels.
func nestedFieldStores(values []ssa.Value, depth int) []*ssa.Store {
	var out []*ssa.Store
	for _, v := range values {
		for _, ref := range *v.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != v {
				continue
			}
			var inner []ssa.Value
			for _, use := range *fa.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr == fa {
						out = append(out, use)
					}
				case *ssa.UnOp:
					if use.Op == token.MUL {
						inner = append(inner, use) // u.Secret, a pointer to a record of its own
					}
				}
			}
			inner = append(inner, fa) // u.Secret.Step addressed in place
			if depth > 1 {
				out = append(out, nestedFieldStores(inner, depth-1)...)
			}
		}
	}
	return out
}
