package checkthenact_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/checkthenact"
)

func TestCheckThenAct(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), checkthenact.Analyzer,
		"sqlcheck", "pgxcheck", "gormcheck", "redischeck", "memcheck")
}
