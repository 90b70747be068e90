// Package gin is a stub of github.com/gin-gonic/gin.
package gin

import (
	"net/http"
	"time"
)

// Context is a request's context; it is a context.Context too.
type Context struct {
	Request *http.Request
	Writer  http.ResponseWriter
}

// HandlerFunc handles a request.
type HandlerFunc func(*Context)

func (c *Context) GetHeader(key string) string                    { return "" }
func (c *Context) Next()                                          {}
func (c *Context) Abort()                                         {}
func (c *Context) Data(code int, contentType string, data []byte) {}

func (c *Context) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *Context) Done() <-chan struct{}       { return nil }
func (c *Context) Err() error                  { return nil }
func (c *Context) Value(key any) any           { return nil }
func (c *Context) Get(key string) (any, bool)  { return nil, false }
func (c *Context) MustGet(key string) any      { return nil }

func (c *Context) ShouldBindJSON(obj any) error { return nil }
func (c *Context) Status(code int)              {}
