package ackorder_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/ackorder"
)

func TestAckOrder(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), ackorder.Analyzer, "amqpack", "pgxack"))
	analysistest.Run(t, analysistest.TestData(), ackorder.Analyzer, "ackhelper", "gormack", "brokers", "ackcommitted", "responses", "earlyacks")
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "amqpack", "pgxack")
}
