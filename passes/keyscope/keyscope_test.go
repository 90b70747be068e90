package keyscope_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/keyscope"
)

func TestKeyScope(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), keyscope.Analyzer, "sqllookup", "repo", "handlers", "claimkeys", "rediskeys", "schema", "schemaok", "gormlookup")
}
