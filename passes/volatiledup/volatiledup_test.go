package volatiledup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/volatiledup"
)

func TestVolatileDup(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), volatiledup.Analyzer, "mapdedup")
}
