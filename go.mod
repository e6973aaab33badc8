module github.com/knotsim/knotsim

go 1.26.8

require github.com/coder/websocket v1.8.14

require gonum.org/v1/gonum v0.17.0
