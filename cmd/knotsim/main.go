// Command knotsim runs rope and knot-tying simulations.
//
//	knotsim run <scene.json | builtin>   run a scene headless and print a report
//	knotsim scenes                       list the built-in scenes
//	knotsim bench                        cycles/s tables (see BENCHMARKS.md)
//	knotsim identify <curve file>        name the knot of a curve
//	knotsim serve                        serve the simulation to the browser viewer
//	knotsim device                       a virtual haptic device over the UDP protocol
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `knotsim — real-time rope and knot-tying simulation

usage:
  knotsim run [flags] <scene.json | builtin name>   run a scene headless, print a report
  knotsim scenes                                    list the built-in scenes
  knotsim bench [flags]                             measure cycles/s (tables for BENCHMARKS.md)
  knotsim identify [flags] <curve file>             name the knot of a curve ('x y z' lines or JSON)
  knotsim serve [flags]                             serve the simulation to the browser viewer
  knotsim device [flags]                            a virtual haptic device: plays a scripted motion
                                                    over the UDP protocol, logs the forces it feels
  knotsim security [flags]                          knot security: sweep μ for reef, granny, thief, grief, surgeon's

run 'knotsim <command> -h' for the flags of a command.
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "run":
		err = cmdRun(args[1:], stdout, stderr)
	case "scenes":
		err = cmdScenes(stdout)
	case "bench":
		err = cmdBench(args[1:], stdout, stderr)
	case "identify":
		err = cmdIdentify(args[1:], stdout, stderr)
	case "serve":
		err = cmdServe(args[1:], stdout, stderr)
	case "device":
		err = cmdDevice(args[1:], stdout, stderr)
	case "security":
		err = cmdSecurity(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "knotsim: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		if err == errUsage {
			return 2
		}
		fmt.Fprintf(stderr, "knotsim %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
