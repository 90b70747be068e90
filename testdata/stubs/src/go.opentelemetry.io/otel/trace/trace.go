// Package trace is a stub of go.opentelemetry.io/otel/trace: the Span
// interface.
package trace

type EventOption interface{}

type SpanEndOption interface{}

type Span interface {
	AddEvent(name string, options ...EventOption)
	End(options ...SpanEndOption)
}
