package apis

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Row table for HTTP responses: calls that send the client its answer.
// A success sent while the transaction holding the request's writes is
// still open is an acknowledgement given too early, as a message's ack
// is: if the commit then fails, the client was told the write happened
// and has no reason to retry.

var (
	responseMethods = map[lookupKey]int{} // the index of the status argument, or -1
	responsePkgs    = map[string]bool{}
)

// responds lists methods of recv whose status code is argument status
// (-1: none, a success).
func responds(pkg, recv string, status int, names ...string) {
	for _, n := range names {
		responseMethods[lookupKey{pkg, recv, n}] = status
	}
	responsePkgs[pkg] = true
}

func init() {
	const echo = "github.com/labstack/echo/v4"
	responds(echo, "Context", 0, "JSON", "JSONPretty", "JSONBlob", "JSONP", "String", "HTML", "HTMLBlob", "XML", "XMLBlob", "Blob", "Stream", "NoContent", "Redirect")
	const gin = "github.com/gin-gonic/gin"
	responds(gin, "Context", 0, "JSON", "IndentedJSON", "PureJSON", "SecureJSON", "AsciiJSON", "JSONP", "String", "HTML", "XML", "YAML", "Data", "Redirect", "ProtoBuf")
	for _, fiber := range []string{"github.com/gofiber/fiber/v2", "github.com/gofiber/fiber/v3"} {
		responds(fiber, "Ctx", 0, "SendStatus")
		responds(fiber, "Ctx", -1, "JSON", "SendString", "Send")
	}
	responds("net/http", "ResponseWriter", 0, "WriteHeader")
	responds("net/http", "ResponseWriter", -1, "Write")
}

// IsSuccessResponse reports whether call sends an HTTP response that is
// not an error: a response method whose status, when a constant, is below
// 400 (an error answered inside a transaction that then rolls back tells
// the client the truth).
func IsSuccessResponse(call *ssa.CallCommon, f *types.Func) bool {
	n := recvNamed(f)
	if n == nil {
		return false
	}
	status, ok := responseMethods[lookupKey{n.Obj().Pkg().Path(), n.Obj().Name(), f.Name()}]
	if !ok {
		return false
	}
	if status < 0 {
		return true
	}
	args := call.Args
	if !call.IsInvoke() {
		args = args[1:] // the receiver
	}
	if status >= len(args) {
		return true
	}
	if k, isConst := args[status].(*ssa.Const); isConst && k.Value != nil {
		if code, exact := constant.Int64Val(constant.ToInt(k.Value)); exact && code >= 400 {
			return false
		}
	}
	return true
}

// IsResponsePackage reports whether path declares response calls; the
// ackorder check uses it for its fast path.
func IsResponsePackage(path string) bool { return responsePkgs[path] }

// recvNamed returns the named type of a method's receiver, or nil.
func recvNamed(f *types.Func) *types.Named {
	if f == nil || f.Pkg() == nil {
		return nil
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := types.Unalias(sig.Recv().Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return n
}
