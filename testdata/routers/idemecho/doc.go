// Package idemecho puts idemhttp's Idempotency-Key middleware in front of
// echo v4 handlers.
//
// It is example code to copy into your project, compiled and tested here
// (testdata/routers) so that idemvet's own module does not depend on echo.
// Use it instead of echo.WrapMiddleware(idem.Wrap), which stores and
// replays an empty 200 for a handler that returns an error: see Middleware.
package idemecho
