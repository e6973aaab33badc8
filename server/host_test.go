package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// Issue 15 item 6: DNS rebinding. A server listening on localhost (the default) answers only
// requests addressed to a localhost name; one told to listen elsewhere (-addr) serves any.
func TestHostHeader(t *testing.T) {
	_, ts := start(t, Config{SceneName: "overhand"})
	get := func(host string) (int, string) {
		req, err := http.NewRequest("GET", ts.URL+"/api/scenes", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, h := range []string{"localhost:8080", "LOCALHOST", "127.0.0.1:8080", "127.0.0.1", "[::1]:8080", "127.1.2.3:80"} {
		if code, body := get(h); code != http.StatusOK {
			t.Errorf("Host %q: %d %s; want 200", h, code, body)
		}
	}
	for _, h := range []string{"evil.example:8080", "evil.example", "localhost.evil.example", "192.168.1.5:8080", "[::1].evil"} {
		if code, body := get(h); code != http.StatusForbidden || !strings.Contains(body, "not a localhost name") {
			t.Errorf("Host %q: %d %s; want 403 naming it", h, code, body)
		}
	}
	_, open := start(t, Config{SceneName: "overhand", Addr: "0.0.0.0:8080"})
	req, _ := http.NewRequest("GET", open.URL+"/api/scenes", nil)
	req.Host = "knotsim.lan:8080"
	resp, err := open.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("listening on 0.0.0.0, Host knotsim.lan: %d; want 200", resp.StatusCode)
	}
}
