package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// maxQueuedEvents is how many text events may wait for a client; one more and the client,
// which evidently does not read, is disconnected.
const maxQueuedEvents = 256

// client is one WebSocket viewer. Its queue holds text events (in order, bounded) and at most
// one snapshot frame (a newer one replaces an unsent one); the writer sends events first, so
// a "scene" event always precedes the frames of the new scene.
type client struct {
	id     uint64
	conn   *websocket.Conn
	cancel context.CancelFunc

	mu     sync.Mutex
	events [][]byte
	frame  []byte
	dead   bool
	wake   chan struct{}

	framesSent    atomic.Uint64
	framesDropped atomic.Uint64

	// reader goroutine only: token bucket and the last rate-limit error
	tokens    float64
	refilled  time.Time
	rateErrAt time.Time
}

func newClient(id uint64, conn *websocket.Conn, cancel context.CancelFunc, rate float64) *client {
	return &client{id: id, conn: conn, cancel: cancel, wake: make(chan struct{}, 1), tokens: rate, refilled: time.Now()}
}

func (c *client) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// kill disconnects the client (its reader's context is cancelled, which closes the socket).
func (c *client) kill() {
	c.mu.Lock()
	c.dead = true
	c.mu.Unlock()
	c.cancel()
}

// pushEvent queues a text event; it never blocks.
func (c *client) pushEvent(b []byte) {
	c.mu.Lock()
	if c.dead {
		c.mu.Unlock()
		return
	}
	if len(c.events) >= maxQueuedEvents {
		c.mu.Unlock()
		c.kill()
		return
	}
	c.events = append(c.events, b)
	c.mu.Unlock()
	c.signal()
}

// pushJSON queues v as a text event.
func (c *client) pushJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(ErrorEvent{Type: "error", Message: "server: " + err.Error()})
	}
	c.pushEvent(b)
}

func (c *client) pushError(format string, args ...any) {
	c.pushJSON(ErrorEvent{Type: "error", Message: fmt.Sprintf(format, args...)})
}

// pushFrame makes frame the next snapshot to send, dropping an unsent older one; it never
// blocks. frame is shared between clients and must not be modified.
func (c *client) pushFrame(frame []byte) {
	c.mu.Lock()
	if c.dead {
		c.mu.Unlock()
		return
	}
	if c.frame != nil {
		c.framesDropped.Add(1)
	}
	c.frame = frame
	c.mu.Unlock()
	c.signal()
}

// next takes the next message to send: the oldest event, else the newest frame.
func (c *client) next() (websocket.MessageType, []byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.events) > 0 {
		b := c.events[0]
		c.events[0] = nil
		c.events = c.events[1:]
		if len(c.events) == 0 {
			c.events = nil
		}
		return websocket.MessageText, b, true
	}
	if c.frame != nil {
		b := c.frame
		c.frame = nil
		return websocket.MessageBinary, b, true
	}
	return 0, nil, false
}

// writeLoop sends queued messages; a write that takes longer than timeout (the peer stopped
// reading and the socket buffers are full) disconnects the client.
func (c *client) writeLoop(ctx context.Context, timeout time.Duration) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.wake:
		}
		for {
			typ, b, ok := c.next()
			if !ok {
				break
			}
			wctx, cancel := context.WithTimeout(ctx, timeout)
			err := c.conn.Write(wctx, typ, b)
			cancel()
			if err != nil {
				c.kill()
				return
			}
			if typ == websocket.MessageBinary {
				c.framesSent.Add(1)
			}
		}
	}
}

// pingLoop pings the peer every interval; a peer that does not answer within timeout (it
// stopped reading: pongs are sent by its reader) is disconnected.
func (c *client) pingLoop(ctx context.Context, interval, timeout time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		pctx, cancel := context.WithTimeout(ctx, timeout)
		err := c.conn.Ping(pctx)
		cancel()
		if err != nil {
			c.kill()
			return
		}
	}
}

// allow takes a token from the client's bucket (rate per second, burst rate).
func (c *client) allow(now time.Time, rate float64) bool {
	c.tokens = min(rate, c.tokens+now.Sub(c.refilled).Seconds()*rate)
	c.refilled = now
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	return true
}
