package checkthenact_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/checkthenact"
)

func TestCheckThenAct(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), checkthenact.Analyzer,
		"sqlcheck", "pgxcheck", "gormcheck", "redischeck", "memcheck",
		"entcheck", "buncheck", "sqlxcheck", "repocheck", "startupmain", "startuplib", "startuplib/migrations", "statusgate")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), checkthenact.Analyzer, "fixes")
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "fixes")
}
