package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// reportBudgetCuts is the -budgetcuts flag (RegisterFlags): the standalone
// form counts where an analysis stopped at a budget and says so once per
// run; every other output drops these notes, which are not findings (go
// vet would print them as such, and fail).
var reportBudgetCuts bool

// runWithBudgetCuts runs a check, passing on the budget notes it reports
// and those of the data-access model it requires only under -budgetcuts.
// The model is shared by every check, so each check passes on its cuts:
// the driver counts a function once however many checks name it.
func runWithBudgetCuts(pass *analysis.Pass, run func() (any, error)) (any, error) {
	report := pass.Report
	pass.Report = func(diag analysis.Diagnostic) {
		if diag.Category != passutil.BudgetCategory || reportBudgetCuts {
			report(diag)
		}
	}
	result, err := run()
	pass.Report = report
	if model, ok := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result); ok && reportBudgetCuts && err == nil {
		for _, cut := range model.Cuts() {
			report(cut.Diagnostic())
		}
	}
	return result, err
}
