// Package echo is a stub of github.com/labstack/echo/v4's router.
package echo

import "net/http"

type Context interface {
	Request() *http.Request
	NoContent(code int) error
	JSON(code int, i any) error
	String(code int, s string) error
}

type HandlerFunc func(c Context) error

type MiddlewareFunc func(next HandlerFunc) HandlerFunc

// WrapMiddleware turns a net/http middleware into echo's.
func WrapMiddleware(m func(http.Handler) http.Handler) MiddlewareFunc { return nil }

type Echo struct{}

func New() *Echo { return &Echo{} }

func (e *Echo) Use(middleware ...MiddlewareFunc)                     {}
func (e *Echo) POST(path string, h HandlerFunc, m ...MiddlewareFunc) {}
func (e *Echo) GET(path string, h HandlerFunc, m ...MiddlewareFunc)  {}
func (e *Echo) Group(prefix string, m ...MiddlewareFunc) *Group      { return &Group{} }

type Group struct{}

func (g *Group) Use(middleware ...MiddlewareFunc)                     {}
func (g *Group) POST(path string, h HandlerFunc, m ...MiddlewareFunc) {}
func (g *Group) GET(path string, h HandlerFunc, m ...MiddlewareFunc)  {}
