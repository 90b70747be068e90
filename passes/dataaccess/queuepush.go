package dataaccess

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// A service's own work queue (a worker pool's Queue.Push(msg), a jobs
// queue's Enqueue(task)) hands a message to code that federates, mails or
// counts it later: pushed twice, it is handled twice, as a message
// published to a broker is. The queue's own body only appends to a list
// under a mutex, so its summary says nothing; its name does.

// fromQueuePush classifies a call of a method of one of the module's own
// queue types whose name is an effect verb (Push, Enqueue, Publish) as an
// effect. It reports whether the call is one.
func (m *modeler) fromQueuePush(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	pkg, name := recvTypeName(f)
	if pkg == "" || !strings.Contains(name, "Queue") || !inModule(pkg, m.module()) || !apis.IsEffectName(f.Name()) {
		return false
	}
	op.Kind = apis.Effect
	op.Handle = Handle{Path: rootPath(receiver(c))}
	return true
}
