// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws.
package aws

func String(v string) *string { return &v }
func ToString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
func Int32(v int32) *int32 { return &v }
