package apis

import "go/types"

// Some job queues register a task's handler by name as a plain function
// (machinery's server.RegisterTask("charge", Charge)): no parameter of a
// message type marks it, the registration does. The broker runs the
// function again when it fails or its worker dies, as for a message.
type taskRegistration struct {
	pkg, recv, method string
	// funcArg is the argument (receiver excluded) that holds the task
	// function, or the map of name to function when byName is set.
	funcArg int
	byName  bool
}

const machineryRedelivery = "machinery runs a task again when it returns an error (its RetryCount) and the broker redelivers one whose worker died before acknowledging it"

var taskRegistrations = []taskRegistration{
	{"github.com/RichardKnop/machinery/v1", "Server", "RegisterTask", 1, false},
	{"github.com/RichardKnop/machinery/v1", "Server", "RegisterTasks", 0, true},
	{"github.com/RichardKnop/machinery/v2", "Server", "RegisterTask", 1, false},
	{"github.com/RichardKnop/machinery/v2", "Server", "RegisterTasks", 0, true},
}

// TaskRegistration reports whether f registers task handlers by name, the
// argument that holds them (a function, or a map of name to function when
// byName), and what runs a task again.
func TaskRegistration(f *types.Func) (funcArg int, byName bool, redelivery string, ok bool) {
	if f == nil || f.Pkg() == nil {
		return 0, false, "", false
	}
	recv := f.Signature().Recv()
	if recv == nil {
		return 0, false, "", false
	}
	t := recv.Type()
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	if named == nil {
		return 0, false, "", false
	}
	for _, r := range taskRegistrations {
		if r.pkg == f.Pkg().Path() && r.recv == named.Obj().Name() && r.method == f.Name() {
			return r.funcArg, r.byName, machineryRedelivery, true
		}
	}
	return 0, false, "", false
}
