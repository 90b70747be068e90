// Package sariftest checks that a SARIF log satisfies the SARIF 2.1.0
// JSON schema: the tests of idemvet's -sarif output and of golangci-lint's
// SARIF output of the plugin's findings hold both to the same schema.
package sariftest

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaText is the SARIF 2.1.0 schema (OASIS, final text as schemastore
// serves it).
//
//go:embed testdata/sarif-schema-2.1.0.json
var schemaText []byte

var schema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaText))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("sarif-schema-2.1.0.json")
})

// Validate returns an error saying what is wrong when log is not JSON or
// does not satisfy the schema.
func Validate(log []byte) error {
	s, err := schema()
	if err != nil {
		return fmt.Errorf("the SARIF schema: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("not SARIF 2.1.0: %w", err)
	}
	return nil
}
