// httproundtrip: an HTTP server (httptest.NewServer) and client: GET and
// POST, headers, keep-alive reuse of one connection, a handler whose
// request context is canceled when the client goes away, and a graceful
// Shutdown.
package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"time"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /hello/{name}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Greeting", "yes")
		fmt.Fprintf(w, "hello, %s", r.PathValue("name"))
	})
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(strings.ToUpper(string(b))))
	})
	canceled := make(chan error, 1)
	mux.HandleFunc("GET /wait", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
		canceled <- r.Context().Err()
	})
	srv := httptest.NewServer(mux)

	reused := 0
	trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
		if info.Reused {
			reused++
		}
	}}
	for i := range 3 {
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "GET", srv.URL+fmt.Sprintf("/hello/n%d", i), nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println("get:", err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, resp.Header.Get("X-Greeting"), resp.Header.Get("Content-Type"), string(body))
	}
	fmt.Println("connections reused:", reused)

	resp, err := http.Post(srv.URL+"/echo", "text/plain", strings.NewReader("posted body"))
	if err != nil {
		fmt.Println("post:", err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.Status, string(body))

	resp, _ = http.Get(srv.URL + "/nothing")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	fmt.Println(resp.Status)

	// The client gives up: the handler's context is canceled.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/wait", nil)
	_, err = http.DefaultClient.Do(req)
	cancel()
	fmt.Println("client:", err != nil)
	fmt.Println("handler saw:", <-canceled)
	srv.Close()

	// A server of our own, shut down gracefully.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	s := &http.Server{Handler: mux}
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()
	resp, err = http.Get("http://" + ln.Addr().String() + "/hello/again")
	if err == nil {
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(string(body))
	}
	fmt.Println("shutdown:", s.Shutdown(context.Background()))
	fmt.Println("serve:", <-served)
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
}
