// Package archtest holds only a test: the import rules of
// docs/architecture.md, checked over `go list -deps` so a change that
// breaks a layer fails `go test` instead of waiting for a reviewer.
package archtest
