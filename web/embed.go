// Package web holds the built React app (web/dist) embedded into the binary.
// web/dist/.gitkeep keeps the embed valid before the first `npm run build`;
// the server then answers with a hint instead of the app.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built app rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees dist exists
	}
	return sub
}
