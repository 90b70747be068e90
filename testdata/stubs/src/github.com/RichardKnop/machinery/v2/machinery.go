// Package machinery is a stub of github.com/RichardKnop/machinery/v2.
package machinery

type Server struct{}

func (s *Server) RegisterTask(name string, taskFunc interface{}) error      { return nil }
func (s *Server) RegisterTasks(namedTaskFuncs map[string]interface{}) error { return nil }
