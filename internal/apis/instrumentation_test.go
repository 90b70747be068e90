package apis

import "testing"

func TestIsInstrumentation(t *testing.T) {
	for path, want := range map[string]bool{
		"go.opentelemetry.io/otel/trace":                   true,
		"github.com/prometheus/client_golang/prometheus":   true,
		"go.uber.org/zap":                                  true,
		"github.com/getsentry/sentry-go":                   true,
		"go.uber.org/atomic":                               false, // a neighbour of zap's, not instrumentation
		"github.com/prometheus/alertmanager/api/v2/client": false,
		"github.com/redis/go-redis/v9":                     false,
		"github.com/acme/shop/internal/tracing":            false, // the module's own wrapper is analysed
	} {
		if got := IsInstrumentation(path); got != want {
			t.Errorf("IsInstrumentation(%q) = %v, want %v", path, got, want)
		}
	}
}
