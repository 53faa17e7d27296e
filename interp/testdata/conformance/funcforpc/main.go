// Command funcforpc names functions by their code pointers, as routers
// name handlers (echo's handlerName: runtime.FuncForPC of
// reflect.Value.Pointer): top-level functions, closures, closures of one
// literal (which share their code), method values and expressions.
package main

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

type handler func(string) error

type server struct{ name string }

func (s *server) serve(string) error { return nil }

func (s server) info(string) error { return nil }

func top(string) error { return nil }

func name(f any) string {
	p := reflect.ValueOf(f).Pointer()
	if p == 0 {
		return "nil"
	}
	return runtime.FuncForPC(p).Name()
}

//go:noinline
func maker(n int) handler {
	return func(s string) error { return fmt.Errorf("%s%d", s, n) }
}

func main() {
	static := func(string) error { return nil }
	user := func(string) error { return nil }
	var h handler = user
	s := &server{"a"}
	fmt.Println(name(top), name(static), name(user), name(h))
	fmt.Println(name(s.serve), name((*server).serve), name(server.info))
	a, b := maker(1), maker(2)
	fmt.Println(name(a), reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer())
	fmt.Println(reflect.ValueOf(static).Pointer() == reflect.ValueOf(user).Pointer())
	var none handler
	fmt.Println(name(none), name(strings.ToUpper))
	f := runtime.FuncForPC(reflect.ValueOf(top).Pointer())
	fmt.Println(f.Entry() == reflect.ValueOf(top).Pointer())
}
