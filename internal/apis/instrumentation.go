package apis

import "strings"

// instrumentationPrefixes are the module paths of tracing, metrics,
// logging and error-reporting libraries. Their calls record what the code
// did and change nothing it reads: a span's SetStatus is no status write,
// a counter's Inc no counter of the service's own. Data layers call them
// around every statement (a traced sqlc DBTX, a repository that records
// errors on its span), so reading their method names as a repository's
// would turn each wrapper into a write.
var instrumentationPrefixes = []string{
	"go.opentelemetry.io/",
	"go.opencensus.io",
	"github.com/opentracing/",
	"github.com/prometheus/client_golang",
	"github.com/DataDog/dd-trace-go",
	"gopkg.in/DataDog/dd-trace-go",
	"github.com/getsentry/sentry-go",
	"github.com/newrelic/go-agent",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/rs/zerolog",
}

// IsInstrumentation reports whether path is a package of a tracing,
// metrics, logging or error-reporting library.
func IsInstrumentation(path string) bool {
	for _, p := range instrumentationPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
