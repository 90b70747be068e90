package checkthenact

import (
	"fmt"
	"os"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

func dbgOps(ops []*dataaccess.Op) {
	p := os.Getenv("IDEMVET_DBG")
	if p == "" || len(ops) == 0 {
		return
	}
	f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	for _, op := range ops {
		callee := "-"
		if op.Callee != nil {
			callee = op.Callee.FullName()
		}
		sum := "-"
		if op.Summary != nil {
			sum = op.Summary.String()
		}
		key := "-"
		if op.Resource.Key != nil {
			key = op.Resource.Key.String()
		}
		fmt.Fprintf(f, "%v\t%s\t%v\t%s\ttable=%q\tkey=%s\thandle=%v\tsum=%s\n", op.Fn.Prog.Fset.Position(op.Pos()), op.Fn.Name(), op.Kind, callee, op.Resource.Table, key, op.Handle.Kind, sum)
	}
}
