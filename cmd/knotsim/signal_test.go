package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestServeChild is not a test on its own: TestServeStopsOnSIGTERM runs the test binary again
// with KNOTSIM_SERVE_CHILD set, and then this runs `knotsim serve` in that child process.
func TestServeChild(t *testing.T) {
	args := os.Getenv("KNOTSIM_SERVE_CHILD")
	if args == "" {
		t.Skip("runs only as the child of TestServeStopsOnSIGTERM")
	}
	os.Exit(run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// Issue 15: after a param command that hung physics, SIGTERM was ignored and the recording
// was empty. Now a real `knotsim serve` process gets commands over a WebSocket, including
// that param command, and stops on SIGTERM with every command in its recording.
func TestServeStopsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	rec := filepath.Join(t.TempDir(), "session.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$")
	cmd.Env = append(os.Environ(), "KNOTSIM_SERVE_CHILD="+strings.Join([]string{"serve", "-addr", "127.0.0.1:0", "-scene", "overhand", "-record", rec}, "\x1f"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	var url string
	for lines.Scan() {
		if i := strings.Index(lines.Text(), "http://"); i >= 0 {
			url = strings.Fields(lines.Text()[i:])[0]
			break
		}
	}
	if url == "" {
		t.Fatalf("no address printed; stderr: %s", stderr.String())
	}
	go func() { // keep draining stdout
		for lines.Scan() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	go func() { // read events so the server never waits for us
		for {
			if _, _, err := conn.Read(context.Background()); err != nil {
				return
			}
		}
	}()
	for _, msg := range []string{`{"type":"grasp","tool":0,"node":7}`, `{"type":"param","radius":0.015}`, `{"type":"move","tool":0,"target":[0,0,0.1]}`} {
		if err := conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		b, _ := os.ReadFile(rec)
		if strings.Contains(string(b), `"grasp"`) && strings.Contains(string(b), `"param"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the recording lacks the commands while the server runs:\n%s", b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v; stderr: %s", err, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("knotsim serve ignored SIGTERM for 20 s")
	}
	b, _ := os.ReadFile(rec)
	if !strings.Contains(string(b), `"end":true`) {
		t.Errorf("the recording has no end line after an orderly stop:\n%s", b)
	}
}
