// Package cobra is a minimal stub of github.com/spf13/cobra for the
// analysistest suites: the Command fields that hold a command's function.
package cobra

import "context"

type Command struct {
	Use  string
	Run  func(cmd *Command, args []string)
	RunE func(cmd *Command, args []string) error
}

func (c *Command) AddCommand(cmds ...*Command) {}
func (c *Command) Execute() error              { return nil }
func (c *Command) Context() context.Context    { return context.Background() }
