// Package tmptokens keeps short-lived tokens in process memory.
package tmptokens

import (
	"errors"
	"sync"
)

var (
	mu     sync.Mutex
	tokens = map[string]any{}
)

// Check returns a token's data without consuming it.
func Check(id string) (any, error) {
	mu.Lock()
	defer mu.Unlock()
	d, ok := tokens[id]
	if !ok {
		return nil, errors.New("invalid token")
	}
	return d, nil
}

// Get returns a token's data and removes it, in one step.
func Get(id string) (any, error) {
	mu.Lock()
	defer mu.Unlock()
	d, ok := tokens[id]
	if !ok {
		return nil, errors.New("invalid token")
	}
	delete(tokens, id)
	return d, nil
}

func Delete(id string) {
	mu.Lock()
	defer mu.Unlock()
	delete(tokens, id)
}
