// Package web holds the browser viewer; Dist is its built form (web/dist), served by
// `knotsim serve` at /.
package web

import "embed"

// Dist is the built viewer: dist/index.html and its bundle.
//
//go:embed all:dist
var Dist embed.FS
