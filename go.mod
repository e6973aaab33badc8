module github.com/knotsim/knotsim

go 1.26.8
