package redelivery_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/redelivery"
)

func TestRedelivery(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), redelivery.Analyzer, "amqpcredit", "ledgerhelpers", "jobs", "queues", "machinerytasks/worker", "uniquekeyed", "pollers", "deliverykeys", "ownqueue", "eventlog", "notifiers", "unseentracking/consumer", "webhooks")
}
