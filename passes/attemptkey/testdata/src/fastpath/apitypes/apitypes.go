// Package apitypes declares API input types the way generated SDKs do: a
// ClientToken field set only by its own setter (near miss of keyfield).
// Callers' keys reach the setter by its name, so the fast path skips the
// package.
package apitypes // want "skipped"

type RunInstancesInput struct {
	ClientToken *string
	ImageId     *string
}

func (s *RunInstancesInput) SetClientToken(v string) *RunInstancesInput {
	s.ClientToken = &v
	return s
}

func (s *RunInstancesInput) SetImageId(v string) *RunInstancesInput {
	s.ImageId = &v
	return s
}

// Validate reads the key field: reading a key is no sink.
func (s *RunInstancesInput) Validate() error {
	if s.ClientToken != nil && len(*s.ClientToken) < 1 {
		return errShortToken
	}
	return nil
}

var errShortToken = errorString("ClientToken: minimum length 1")

type errorString string

func (e errorString) Error() string { return string(e) }
