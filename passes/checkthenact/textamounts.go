package checkthenact

import (
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An amount kept as text (Funds string holding "12.50", or a balance the
// record encrypts) is a quantity too once the code turns it into a
// number: strconv.ParseFloat(u.Funds, 64), decimal.NewFromString, or a
// method of the record that decodes its own field (u.DecryptMoney(key)).
// The number adjusted and formatted back into the field is written back
// like any other, and loses an update the same way.

// textAmounts returns the numbers a read's text fields are decoded into,
// each named for the field it came from.
func textAmounts(read *dataaccess.Op) []stateValue {
	var out []stateValue
	for _, sv := range stateValues(read) {
		if !ssautil.IsString(sv.v.Type()) || sv.field == "" || namedForTime(sv.field) {
			continue
		}
		for _, ref := range *sv.v.Referrers() {
			if call, ok := ref.(*ssa.Call); ok && parsesNumber(call) && call.Call.Args[0] == sv.v {
				out = append(out, numberResults(call, sv.field)...)
			}
		}
	}
	for _, rec := range recordValues(read) {
		if isRecordType(rec.Type()) {
			out = append(out, decodedByRecord(rec)...)
		}
	}
	return out
}

// decodedByRecord returns the numbers the record's own methods return
// for a text field the method is named for (u.DecryptMoney(key) of
// Money, w.FundsValue() of Funds).
func decodedByRecord(rec ssa.Value) []stateValue {
	var out []stateValue
	for _, call := range recordMethodCalls(rec) {
		if field := textFieldNamed(call.Call.Args[0].Type(), call.Call.StaticCallee().Name()); field != "" {
			out = append(out, numberResults(call, field)...)
		}
	}
	return out
}

// textFieldNamed returns the string field of the record type t that is a
// word of the method's name, or "".
func textFieldNamed(t types.Type, method string) string {
	st, ok := ssautil.DerefStruct(t)
	if !ok {
		return ""
	}
	words := apis.SplitWords(method)
	for i := range st.NumFields() {
		f := st.Field(i)
		if ssautil.IsString(f.Type()) && slices.Contains(words, strings.ToLower(f.Name())) {
			return f.Name()
		}
	}
	return ""
}

// parsesNumber reports whether call turns text into a number:
// strconv's parsers, or a decimal built from a string.
func parsesNumber(call *ssa.Call) bool {
	f := dataaccess.Callee(&call.Call)
	if f == nil || f.Pkg() == nil || len(call.Call.Args) == 0 {
		return false
	}
	switch f.Pkg().Path() {
	case "strconv":
		return f.Name() == "Atoi" || strings.HasPrefix(f.Name(), "Parse") && f.Name() != "ParseBool" && f.Name() != "ParseComplex"
	}
	return f.Name() == "NewFromString" || f.Name() == "RequireFromString"
}

// numberResults returns the number a call yields, itself or the first
// element of its tuple, named for field.
func numberResults(call *ssa.Call, field string) []stateValue {
	if isNumber(call.Type()) || isDecimal(call.Type()) {
		return []stateValue{{v: call, field: field}}
	}
	var out []stateValue
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 && (isNumber(e.Type()) || isDecimal(e.Type())) {
			out = append(out, stateValue{v: e, field: field})
		}
	}
	return out
}

// formatsNumber reports whether call writes a number as text: fmt's
// Sprint family, strconv's formatters, a decimal's String.
func formatsNumber(call *ssa.Call) bool {
	f := dataaccess.Callee(&call.Call)
	if f == nil || f.Pkg() == nil || !ssautil.IsString(call.Type()) {
		return false
	}
	switch f.Pkg().Path() {
	case "fmt":
		if f.Name() == "Sprintf" && len(call.Call.Args) > 0 {
			if format, ok := dataaccess.SQLText(call.Call.Args[0]); ok {
				return numberVerb.MatchString(format) // "%.2f", not "seats-%d-v%d", a key that holds the number
			}
		}
		return strings.HasPrefix(f.Name(), "Sprint")
	case "strconv":
		return f.Name() == "Itoa" || strings.HasPrefix(f.Name(), "Format")
	}
	return isDecimal(recvType(f)) && strings.HasPrefix(f.Name(), "String")
}

// numberVerb matches a format that is one verb and nothing else.
var numberVerb = regexp.MustCompile(`^%[-+# 0-9.]*[dfFeEgGvs]$`)

// recvType is the type of f's receiver, or nil.
func recvType(f *types.Func) types.Type {
	if recv := f.Type().(*types.Signature).Recv(); recv != nil {
		return recv.Type()
	}
	return nil
}

// formattedFrom returns the calls that format x as text: given it as an
// argument (strconv.FormatFloat(x, ...), d.String()) or as an element of
// their variadic arguments (fmt.Sprintf("%f", x), through the interface
// x is boxed in).
func formattedFrom(x ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *x.Referrers() {
		switch r := ref.(type) {
		case *ssa.Call:
			if formatsNumber(r) && slices.Contains(r.Call.Args, x) {
				out = append(out, r)
			}
		case *ssa.Store:
			idx, ok := r.Addr.(*ssa.IndexAddr)
			if !ok || r.Val != x {
				continue
			}
			for _, use := range *idx.X.Referrers() {
				sl, ok := use.(*ssa.Slice)
				if !ok {
					continue
				}
				for _, c := range *sl.Referrers() {
					if call, ok := c.(*ssa.Call); ok && formatsNumber(call) && slices.Contains(call.Call.Args, ssa.Value(sl)) {
						out = append(out, call)
					}
				}
			}
		}
	}
	return out
}
