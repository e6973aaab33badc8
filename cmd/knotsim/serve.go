package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/server"
	"github.com/knotsim/knotsim/web"
)

func cmdServe(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", server.DefaultAddr, "listen address (localhost only by default)")
	sceneArg := fl.String("scene", server.DefaultScene, "scene file or built-in scene to start with")
	record := fl.String("record", "", "record every applied command to this file (replay: knotsim run -replay FILE)")
	open := fl.Bool("open", false, "open the viewer in a browser")
	rate := fl.Float64("rate", 0, "physics cycles per second (0: real time, 1/dt)")
	haptic := fl.String("haptic", "", "listen for a haptic device on this UDP address (e.g. 127.0.0.1:7700; protocol in package haptics; try it with 'knotsim device')")
	solverName := fl.String("solver", "", "run the scene with this solver instead of its own: "+strings.Join(scene.SolverTypes, ", "))
	origin := fl.String("origin", "", "also accept WebSocket connections from pages of this origin (host pattern, e.g. localhost:5173 for a viewer dev server)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: knotsim serve [-addr 127.0.0.1:8080] [-scene overhand] [-record FILE] [-open]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return errUsage
	}
	if fl.NArg() != 0 {
		fl.Usage()
		return errUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		// The first SIGINT or SIGTERM shuts down in order (the recording is already on disk up
		// to the last command); a second one kills at once, and so does a shutdown that
		// overruns its grace period.
		stop()
		time.AfterFunc(shutdownGrace, func() {
			fmt.Fprintf(stderr, "knotsim serve: did not stop within %v of the signal; exiting\n", shutdownGrace)
			os.Exit(3)
		})
	}()
	return serve(ctx, serveOptions{addr: *addr, scene: *sceneArg, record: *record, open: *open, rate: *rate, origin: *origin, haptic: *haptic, solver: *solverName}, stdout, stderr, nil)
}

// shutdownGrace is how long `knotsim serve` may take to stop after SIGINT or SIGTERM.
const shutdownGrace = 10 * time.Second

type serveOptions struct {
	addr, scene, record, origin string
	haptic, solver              string
	open                        bool
	rate                        float64
}

// serve runs the server until ctx ends; ready, if set, receives the listening address.
func serve(ctx context.Context, o serveOptions, stdout, stderr io.Writer, ready chan<- string) error {
	sc, err := loadScene(o.scene)
	if err != nil {
		return err
	}
	if o.solver != "" {
		if sc, err = sc.WithSolver(o.solver); err != nil {
			return err
		}
	}
	assets, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	cfg := server.Config{Scene: sc, Addr: o.addr, Assets: assets, Rate: o.rate, RestartOnControl: true,
		Logf: func(f string, a ...any) { fmt.Fprintf(stderr, "knotsim serve: "+f+"\n", a...) }}
	if o.origin != "" {
		cfg.OriginPatterns = []string{o.origin}
	}
	if o.haptic != "" {
		cfg.Haptic = &server.HapticConfig{Addr: o.haptic}
	}
	var recFile *os.File
	if o.record != "" {
		if recFile, err = os.Create(o.record); err != nil {
			return err
		}
		defer recFile.Close()
		cfg.Record = recFile
	}
	srv, err := server.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", srv.Addr())
	if err != nil {
		srv.Close()
		return err
	}
	if err := srv.Run(ctx); err != nil {
		ln.Close()
		srv.Close()
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(stdout, "knotsim: serving scene %s at %s (Ctrl-C to stop)\n", server.SceneName(sc), url)
	if a := srv.HapticAddr(); a != "" {
		fmt.Fprintf(stdout, "knotsim: haptic device bridge on udp %s (try: knotsim device -addr %s)\n", a, a)
	}
	if ready != nil {
		ready <- ln.Addr().String()
	}
	if o.open {
		openBrowser(url, stderr)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	hs.Shutdown(sctx)
	if cerr := srv.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("record: %w", cerr)
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	if err == nil && recFile != nil {
		err = recFile.Close()
	}
	return err
}

func openBrowser(url string, stderr io.Writer) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "knotsim serve: cannot open a browser (%v); open %s\n", err, url)
		return
	}
	go cmd.Wait()
}
