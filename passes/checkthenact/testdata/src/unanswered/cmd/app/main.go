// Command app wires the layers; that the module has a main package says
// its callers are all in its text.
package main

import (
	"context"

	"unanswered/service"
)

func main() {
	svc := &service.Service{}
	_ = svc.IssueMonthly(context.Background(), []int64{1, 2})
}
