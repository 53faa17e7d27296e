// Command reflectchan sends, receives and closes channels through reflect
// (Value.Send, Recv, TrySend, TryRecv, Close, Len, Cap), blocking and not,
// with their panics, and ranges over a channel in a text/template.
package main

import (
	"fmt"
	"os"
	"reflect"
	"text/template"
)

type pair struct {
	A int
	B string
}

func try(label string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(label, "panic:", r)
		}
	}()
	f()
}

func main() {
	ch := make(chan int, 2)
	v := reflect.ValueOf(ch)
	v.Send(reflect.ValueOf(1))
	fmt.Println("TrySend:", v.TrySend(reflect.ValueOf(2)), v.TrySend(reflect.ValueOf(3)))
	fmt.Println("Len, Cap:", v.Len(), v.Cap())
	x, ok := v.Recv()
	fmt.Println("Recv:", x.Interface(), ok, x.Kind())
	x, ok = v.TryRecv()
	fmt.Println("TryRecv:", x.Interface(), ok)
	x, ok = v.TryRecv()
	fmt.Println("TryRecv empty:", x.IsValid(), ok)
	v.Close()
	x, ok = v.Recv()
	fmt.Println("Recv closed:", x.IsValid(), x.Interface(), ok)
	x, ok = v.TryRecv()
	fmt.Println("TryRecv closed:", x.IsValid(), x.Interface(), ok)

	// Blocking: an unbuffered channel and a goroutine on the other end.
	u := make(chan pair)
	done := make(chan bool)
	go func() {
		p := <-u
		fmt.Println("goroutine got:", p)
		u <- pair{2, "two"}
		close(u)
		done <- true
	}()
	uv := reflect.ValueOf(u)
	uv.Send(reflect.ValueOf(pair{1, "one"}))
	y, ok := uv.Recv()
	fmt.Println("Recv from goroutine:", y.Interface(), ok, y.Field(1))
	y, ok = uv.Recv()
	fmt.Println("Recv after close:", y.Interface(), ok)
	<-done

	// A goroutine blocked in Recv gets the value of a later send.
	w := make(chan string)
	got := make(chan string)
	go func() {
		s, ok := reflect.ValueOf(w).Recv()
		got <- fmt.Sprint(s.String(), " ", ok)
	}()
	w <- "hello"
	fmt.Println("blocked Recv:", <-got)
	go func() {
		s, ok := reflect.ValueOf(w).Recv()
		got <- fmt.Sprint(s.String(), " ", ok)
	}()
	close(w)
	fmt.Println("blocked Recv, closed:", <-got)

	var any chan any = make(chan any, 1)
	reflect.ValueOf(any).Send(reflect.ValueOf(42))
	a, _ := reflect.ValueOf(any).Recv()
	fmt.Println("chan any:", a.Kind(), a.Interface())

	try("send on closed", func() { v.Send(reflect.ValueOf(4)) })
	try("close of closed", func() { v.Close() })
	try("close of nil", func() { reflect.ValueOf((chan int)(nil)).Close() })
	try("recv on send-only", func() { reflect.ValueOf((chan<- int)(ch)).Recv() })
	try("send on recv-only", func() { reflect.ValueOf((<-chan int)(ch)).Send(reflect.ValueOf(1)) })
	try("close recv-only", func() { reflect.ValueOf((<-chan int)(ch)).Close() })
	try("wrong type", func() { reflect.ValueOf(make(chan int, 1)).Send(reflect.ValueOf("s")) })
	try("not a chan", func() { reflect.ValueOf(3).Recv() })
	r, ok := reflect.ValueOf((chan int)(nil)).TryRecv()
	fmt.Println("TryRecv nil:", r.IsValid(), ok)
	fmt.Println("TrySend nil:", reflect.ValueOf((chan int)(nil)).TrySend(reflect.ValueOf(1)))

	tc := make(chan int, 3)
	tc <- 10
	tc <- 20
	tc <- 30
	close(tc)
	tmpl := template.Must(template.New("t").Parse("{{range $i, $e := .}}[{{$i}}:{{$e}}]{{end}}\n"))
	if err := tmpl.Execute(os.Stdout, tc); err != nil {
		fmt.Println("template:", err)
	}
}
