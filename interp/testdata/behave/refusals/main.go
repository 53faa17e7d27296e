// Command refusals does, by its argument, one thing the virtual OS does
// not offer; each is refused at the marked line, naming the operation
// and the reason.
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/user"
	"plugin"
	"reflect"
	"syscall"
)

func main() {
	fmt.Println("before")
	switch os.Args[1] {
	case "startprocess":
		os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{}) // @startprocess
	case "findprocess":
		p, _ := os.FindProcess(1)
		p.Signal(os.Interrupt) // @findprocess
	case "listen":
		net.Listen("tcp", "192.0.2.1:80") // @listen
	case "sendto":
		c, _ := net.ListenPacket("udp", "127.0.0.1:0")
		c.WriteTo([]byte("x"), &net.UDPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 53}) // @sendto
	case "lookup":
		net.LookupHost("example.com") // @lookup
	case "mx":
		net.DefaultResolver.LookupMX(context.Background(), "example.com") // @mx
	case "interfaces":
		net.Interfaces() // @interfaces
	case "mount":
		syscall.Mount("none", "/mnt", "tmpfs", 0, "") // @mount
	case "zerosize":
		// Go allocates nothing for zero-size elements; the interpreter
		// keeps only the length of a long slice of them, and models the
		// language's operations on it, not reflect's.
		small := make([]struct{}, 1<<20)
		fmt.Sprint(len(small))
		n := 1<<63 - 1
		s := make([]struct{}, n)
		reflect.ValueOf(s).Index(7) // @zerosize
	case "kill":
		// A signal whose default is to be ignored, to the process itself,
		// changes nothing (time's tests interrupt a sleep so); one that
		// would stop the process is refused.
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGCHLD); err != nil {
			panic(err)
		}
		syscall.Kill(syscall.Getpid(), syscall.SIGSTOP) // @kill
	case "user":
		user.Current() // @user
	case "plugin":
		plugin.Open("x.so") // @plugin
	}
	fmt.Println("after")
}
