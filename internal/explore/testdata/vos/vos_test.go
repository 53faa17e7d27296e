package vos

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// TestHTTPRoundTrip: a GET through httptest.NewServer.
func TestHTTPRoundTrip(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "hello %s", r.URL.Path)
		}))
		defer srv.Close()
		resp, err := http.Get(srv.URL + "/vt")
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, "hello /vt", string(body))
	})
}

// TestHandlersRace: two requests run two handlers that increment a shared
// counter without synchronization.
func TestHandlersRace(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		hits := 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits++
			fmt.Fprint(w, "ok")
		}))
		defer srv.Close()
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := http.Get(srv.URL)
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}()
		}
		wg.Wait()
	})
}

// TestTCPDeadlock: the client waits for the server to close while the
// server waits for the client to send.
func TestTCPDeadlock(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer ln.Close()
		go func() {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
			line, _ := bufio.NewReader(c).ReadString('\n') // waits for the request
			fmt.Fprint(c, strings.ToUpper(line))
		}()
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		io.ReadAll(c) // waits for the server to close: the request was never sent
	})
}

// TestTempFiles writes, renames and reads back files in os.MkdirTemp.
func TestTempFiles(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		dir, err := os.MkdirTemp("", "vt-vos-")
		require.NoError(t, err)
		a := filepath.Join(dir, "a.txt")
		require.NoError(t, os.WriteFile(a, []byte("alpha"), 0o644))
		b := filepath.Join(dir, "b.txt")
		require.NoError(t, os.Rename(a, b))
		data, err := os.ReadFile(b)
		require.NoError(t, err)
		require.Equal(t, "alpha", string(data))
		_, err = os.Stat(a)
		require.True(t, os.IsNotExist(err))
		ents, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, ents, 1)
		require.Equal(t, "b.txt", ents[0].Name())
		require.NoError(t, os.RemoveAll(dir))
	})
}

// TestPipes: producers and consumers over os.Pipe and net.Pipe.
func TestPipes(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		go func() {
			defer w.Close()
			for i := range 3 {
				fmt.Fprintf(w, "line %d\n", i)
			}
		}()
		data, err := io.ReadAll(r)
		require.NoError(t, err)
		require.Equal(t, "line 0\nline 1\nline 2\n", string(data))
		r.Close()

		c1, c2 := net.Pipe()
		go func() {
			defer c1.Close()
			c1.Write([]byte("ping"))
		}()
		got, err := io.ReadAll(c2)
		require.NoError(t, err)
		require.Equal(t, "ping", string(got))
	})
}

// TestHalfClose: the client sends its request and closes its side for
// writing; the server reads to EOF, then answers and closes.
func TestHalfClose(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer ln.Close()
		go func() {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
			req, _ := io.ReadAll(c)
			fmt.Fprintf(c, "got %d bytes", len(req))
		}()
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		c.Write([]byte("request"))
		require.NoError(t, c.(*net.TCPConn).CloseWrite())
		resp, err := io.ReadAll(c)
		require.NoError(t, err)
		require.Equal(t, "got 7 bytes", string(resp))
	})
}

// TestReadDeadline: a read whose peer never writes times out, on virtual
// time.
func TestReadDeadline(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer ln.Close()
		accepted := make(chan net.Conn, 1)
		go func() {
			c, err := ln.Accept()
			if err == nil {
				accepted <- c
			}
		}()
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		start := time.Now()
		require.NoError(t, c.SetReadDeadline(start.Add(time.Hour)))
		_, err = c.Read(make([]byte, 1))
		var ne net.Error
		require.ErrorAs(t, err, &ne)
		require.True(t, ne.Timeout())
		assert.GreaterOrEqual(t, time.Since(start), time.Hour)
		(<-accepted).Close()
	})
}

// TestUDPOrder: two datagrams from two senders arrive in either order:
// the receiver that assumes one order fails in some execution.
func TestUDPOrder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		srv, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer srv.Close()
		for _, m := range []string{"first", "second"} {
			c, err := net.Dial("udp", srv.LocalAddr().String())
			require.NoError(t, err)
			defer c.Close()
			c.Write([]byte(m))
		}
		buf := make([]byte, 16)
		n, _, err := srv.ReadFrom(buf)
		require.NoError(t, err)
		require.Equal(t, "first", string(buf[:n]), "datagrams arrive in the order they were sent") // not so with UDP
	})
}

// TestUDPLoss: a client that waits for the answer to a datagram without a
// deadline waits forever when the datagram is lost (vt.Udploss).
func TestUDPLoss(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		srv, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer srv.Close()
		go func() {
			buf := make([]byte, 16)
			n, from, err := srv.ReadFrom(buf)
			if err == nil {
				srv.WriteTo(buf[:n], from)
			}
		}()
		c, err := net.Dial("udp", srv.LocalAddr().String())
		require.NoError(t, err)
		defer c.Close()
		c.Write([]byte("ping"))
		buf := make([]byte, 16)
		n, err := c.Read(buf) // no deadline
		require.NoError(t, err)
		require.Equal(t, "ping", string(buf[:n]))
	}, vt.Udploss(true))
}

// TestEnvPerExecution: each execution starts from the environment of the
// snapshot; what one sets, the next does not see.
func TestEnvPerExecution(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		_, set := os.LookupEnv("VT_VOS_TEST")
		require.False(t, set, "set by an earlier execution")
		done := make(chan bool)
		go func() { os.Setenv("VT_VOS_TEST", "1"); done <- true }()
		<-done
		require.Equal(t, "1", os.Getenv("VT_VOS_TEST"))
	})
}

// TestExecRefused: starting a process is refused.
func TestExecRefused(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		exec.Command("true").Run()
	})
}

// TestDialRefused: only loopback addresses exist.
func TestDialRefused(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		net.Dial("tcp", "10.0.0.1:80")
	})
}

// TestUDPSendToNoOrder: a datagram sent with WriteTo does not order the
// sender's writes before the receiver's ReadFrom: Go's race detector
// instruments syscall.Read and Write, not sendto and recvfrom, and
// reports this race.
func TestUDPSendToNoOrder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		srv, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer srv.Close()
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer c.Close()
		x := 0
		go func() {
			x = 1
			c.WriteTo([]byte("a"), srv.LocalAddr())
		}()
		buf := make([]byte, 4)
		srv.ReadFrom(buf)
		_ = x
	})
}

// TestTCPWriteOrders: bytes written to a TCP connection order the
// writer's earlier writes before the reader's later reads (syscall.Write
// releases, syscall.Read acquires, for Go's race detector as for vt).
func TestTCPWriteOrders(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer ln.Close()
		x := 0
		go func() {
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				return
			}
			defer c.Close()
			x = 1
			c.Write([]byte("a"))
		}()
		c, err := ln.Accept()
		require.NoError(t, err)
		defer c.Close()
		buf := make([]byte, 1)
		_, err = io.ReadFull(c, buf)
		require.NoError(t, err)
		require.Equal(t, 1, x)
	})
}

// TestOverlay: the real directory real/ (next to this file) seen through
// the copy-on-write overlay: reads fall through, a write, a new file and
// a removal change the in-memory layer only, and listings merge both
// layers. Every execution starts from the real files (a goroutine writes
// concurrently, so that there are several executions).
func TestOverlay(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		_, file, _, _ := runtime.Caller(0)
		dir := filepath.Join(filepath.Dir(file), "real")
		names := func() []string {
			ents, err := os.ReadDir(dir)
			require.NoError(t, err)
			var out []string
			for _, e := range ents {
				out = append(out, e.Name())
			}
			return out
		}
		require.Equal(t, []string{"greeting.txt", "other.txt"}, names(), "the real files, unchanged by earlier executions")
		data, err := os.ReadFile(filepath.Join(dir, "greeting.txt"))
		require.NoError(t, err)
		require.Equal(t, "hello\n", string(data))

		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, os.WriteFile(filepath.Join(dir, "new.txt"), []byte("new\n"), 0o644))
		}()
		f, err := os.OpenFile(filepath.Join(dir, "greeting.txt"), os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = f.WriteString("again\n")
		require.NoError(t, err)
		require.NoError(t, f.Close())
		require.NoError(t, os.Remove(filepath.Join(dir, "other.txt")))
		wg.Wait()

		data, err = os.ReadFile(filepath.Join(dir, "greeting.txt"))
		require.NoError(t, err)
		require.Equal(t, "hello\nagain\n", string(data))
		_, err = os.Stat(filepath.Join(dir, "other.txt"))
		require.ErrorIs(t, err, fs.ErrNotExist)
		require.Equal(t, []string{"greeting.txt", "new.txt"}, names())

		fsys := os.DirFS(dir)
		matches, err := fs.Glob(fsys, "*.txt")
		require.NoError(t, err)
		require.Equal(t, []string{"greeting.txt", "new.txt"}, matches)
		var walked []string
		require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				walked = append(walked, filepath.Base(p))
			}
			return err
		}))
		require.True(t, slices.Equal([]string{"greeting.txt", "new.txt"}, walked), "%v", walked)
		b, err := fs.ReadFile(fsys, "new.txt")
		require.NoError(t, err)
		require.Equal(t, "new\n", string(b))
	})
}

// TestHTTPLifecycle: a server of our own on a listener; three GETs on one
// kept-alive connection; a POST; a handler whose request context is
// canceled when the client gives up; a recorder; a graceful Shutdown.
// Correct in every schedule.
func TestHTTPLifecycle(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		started := make(chan bool, 1)
		canceled := make(chan error, 1)
		mux := http.NewServeMux()
		mux.HandleFunc("GET /hello/{name}", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "hello, %s", r.PathValue("name"))
		})
		mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			w.WriteHeader(http.StatusCreated)
			w.Write([]byte(strings.ToUpper(string(b))))
		})
		mux.HandleFunc("GET /wait", func(w http.ResponseWriter, r *http.Request) {
			started <- true
			<-r.Context().Done()
			canceled <- r.Context().Err()
		})

		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", "/hello/recorder", nil))
		require.Equal(t, "hello, recorder", rec.Body.String())

		ln, err := net.Listen("tcp", "localhost:0")
		require.NoError(t, err)
		srv := &http.Server{Handler: mux}
		served := make(chan error, 1)
		go func() { served <- srv.Serve(ln) }()
		base := "http://" + ln.Addr().String()
		client := &http.Client{Transport: &http.Transport{}}

		reused := 0
		trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
			if info.Reused {
				reused++
			}
		}}
		for i := range 3 {
			req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", fmt.Sprintf("%s/hello/n%d", base, i), nil)
			require.NoError(t, err)
			resp, err := client.Do(req)
			require.NoError(t, err)
			body, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			resp.Body.Close()
			require.Equal(t, fmt.Sprintf("hello, n%d", i), string(body))
		}
		require.Equal(t, 2, reused, "the kept-alive connection is reused")

		resp, err := client.Post(base+"/echo", "text/plain", strings.NewReader("posted"))
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusCreated, resp.StatusCode)
		require.Equal(t, "POSTED", string(body))

		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			<-started
			cancel()
		}()
		req, err := http.NewRequestWithContext(ctx, "GET", base+"/wait", nil)
		require.NoError(t, err)
		_, err = client.Do(req)
		require.ErrorIs(t, err, context.Canceled)
		require.ErrorIs(t, <-canceled, context.Canceled, "the handler's context is canceled when the client goes away")

		require.NoError(t, srv.Shutdown(context.Background()))
		require.True(t, errors.Is(<-served, http.ErrServerClosed))
		client.CloseIdleConnections()
	})
}

// TestTempDirSetenv: vt.T's TempDir and Setenv, per execution: a file
// written in the directory by one goroutine is read by another, and the
// variable is set for the function only.
func TestTempDirSetenv(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		_, set := os.LookupEnv("VT_VOS_TEMPDIR")
		require.False(t, set, "set by an earlier execution")
		t.Setenv("VT_VOS_TEMPDIR", "1")
		dir := t.TempDir()
		ents, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Empty(t, ents, "a new directory in every execution")
		done := make(chan bool)
		go func() {
			assert.NoError(t, os.WriteFile(filepath.Join(dir, "f"), []byte(os.Getenv("VT_VOS_TEMPDIR")), 0o644))
			done <- true
		}()
		<-done
		b, err := os.ReadFile(filepath.Join(dir, "f"))
		require.NoError(t, err)
		require.Equal(t, "1", string(b))
		t.Cleanup(func() {
			_, err := os.Stat(dir)
			assert.NoError(t, err, "the directory lives until the function's cleanups")
		})
	})
}
