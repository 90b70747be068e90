package checkthenact

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A TOTP passcode is a one-time code for its 30-second window: RFC 6238
// (section 5.2) has the verifier refuse a second use of a code it
// accepted. A login that asks the library whether the code matches and
// records nothing lets every request with that code through, two
// concurrent ones and any replay within the window:
//
//	if !totp.Validate(req.Code, user.TOTPSecret) { return errInvalid }
//	return issueSession(user)
//
// The accepted step belongs in the user's row, written by a statement
// that refuses an old one (UPDATE ... SET otp_last_step = $1 WHERE id =
// $2 AND otp_last_step < $1), or the code in a store claimed with SETNX.

// totpValidators are the library calls that only answer whether a code
// matches its secret now.
var totpValidators = map[string][]string{
	"github.com/pquerna/otp/totp": {"Validate", "ValidateCustom"},
	"github.com/xlzd/gotp":        {"Verify"},
}

// importsTOTPLibrary reports whether pkg imports one of totpValidators'
// packages: a package that accesses no data is still searched for their
// calls.
func importsTOTPLibrary(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if totpValidators[imp.Path()] != nil {
			return true
		}
	}
	return false
}

// totpReplays reports each validation of a TOTP code after which nothing
// in its function records the code or the step it matched.
func totpReplays(pass *analysis.Pass, judge *Judge) {
	for _, fn := range judge.model.SSA().SrcFuncs {
		if passutil.InTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !isTOTPValidation(&call.Call) || returnsVerdict(call) || recordsUse(call, judge.model) || configuresMFA(call, judge.model) {
					continue
				}
				pass.Report(analysis.Diagnostic{
					Pos:     call.Pos(),
					Message: "token-reuse race: the TOTP code accepted here is recorded nowhere, so a second request with it (a concurrent one, or a replay within its window) passes too (store the step it matched in the user's row with an update that refuses an older one, UPDATE ... SET otp_last_step = $1 WHERE id = $2 AND otp_last_step < $1, and accept the code only when it changed a row)",
					URL:     apis.RuntimeClaimURL,
				})
			}
		}
	}
}

// isTOTPValidation reports whether c calls one of totpValidators.
func isTOTPValidation(c *ssa.CallCommon) bool {
	f := dataaccess.Callee(c)
	if f == nil || f.Pkg() == nil {
		return false
	}
	for _, name := range totpValidators[f.Pkg().Path()] {
		if f.Name() == name {
			return true
		}
	}
	return false
}

// returnsVerdict reports whether the validation's bool is handed back as
// its function's result (a wrapper such as CheckTOTP(code) bool): its
// callers decide what to record.
func returnsVerdict(call *ssa.Call) bool {
	for _, ref := range *call.Referrers() {
		if _, ok := ref.(*ssa.Return); ok {
			return true
		}
	}
	return false
}

// recordsUse reports whether a write of the function after the
// validation records the code or the step it matched: a write named for
// a step, a counter or a last use (its method, or the text of its SQL or
// ORM arguments), or one handed the code itself (a SETNX of the code).
func recordsUse(call *ssa.Call, model *dataaccess.Result) bool {
	code := dataaccess.Arg(&call.Call, 0)
	for _, op := range model.ByFunc[call.Parent()] {
		if !op.Kind.IsWrite() || !reachableAfter(call, op.Instr) {
			continue
		}
		if op.Callee != nil && namesUse(op.Callee.Name()) {
			return true
		}
		c := op.Call()
		if c == nil {
			continue
		}
		for i := 0; dataaccess.Arg(c, i) != nil; i++ {
			a := dataaccess.Arg(c, i)
			if code != nil && handedTo(code, c, 2) || textNamesUse(a) {
				return true
			}
		}
	}
	return false
}

// reachableAfter reports whether instr (located in call's function)
// can run after call.
func reachableAfter(call *ssa.Call, instr ssa.Instruction) bool {
	loc, ok := locate(instr, call.Parent())
	return ok && ssautil.Reachable(call, loc)
}

// configuresMFA reports whether the validation proves possession of a
// secret being turned on or off (an enrolment, a disable): its function is
// named for a setup (SetupVerify, EnableTwoFactor), a field of the OTP
// setup or a secret is stored after it, or a write after it is handed the
// secret the code was checked against. The write is absolute; a replayed
// code sets the same state again.
func configuresMFA(call *ssa.Call, model *dataaccess.Result) bool {
	fn := call.Parent()
	for _, w := range apis.SplitWords(fn.Name()) {
		switch strings.ToLower(w) {
		case "setup", "enable", "enroll", "enrol", "activate", "disable", "register":
			return true
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !ssautil.Reachable(call, st) {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, w := range apis.SplitWords(ssautil.FieldName(fa.X.Type(), fa.Field)) {
				switch strings.ToLower(w) {
				case "otp", "totp", "mfa", "twofactor", "2fa", "secret":
					return true
				}
			}
		}
	}
	secret := dataaccess.Arg(&call.Call, 1)
	for _, op := range model.ByFunc[fn] {
		if c := op.Call(); c != nil && secret != nil && op.Kind.IsWrite() && reachableAfter(call, op.Instr) && handedTo(secret, c, 2) {
			return true
		}
	}
	return false
}

// namesUse reports whether a name says it keeps the last use of a code:
// a step, a counter, a last-used mark.
func namesUse(name string) bool {
	if namesMark(name) {
		return true
	}
	for _, w := range apis.SplitWords(name) {
		switch strings.ToLower(w) {
		case "used", "replay", "consume", "consumed":
			return true
		}
	}
	return false
}

// textNamesUse reports whether v is a constant string (SQL text, an ORM
// column) that names the last use of a code.
func textNamesUse(v ssa.Value) bool {
	return slices.ContainsFunc(constantWords(v), namesUse)
}
