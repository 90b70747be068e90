// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws.
package aws

func String(v string) *string { return &v }

func ToString(p *string) (v string) {
	if p == nil {
		return v
	}
	return *p
}
