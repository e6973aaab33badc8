// Package web holds the browser viewer's built files (make web rebuilds web/dist from web/src).
package web

import "embed"

// Dist is web/dist: index.html and the bundled viewer.
//
//go:embed all:dist
var Dist embed.FS
