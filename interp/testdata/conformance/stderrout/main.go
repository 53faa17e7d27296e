// Program stderrout checks writing to both os.Stdout and os.Stderr with
// fmt.Fprint*, os.File.WriteString, the log package (with flags cleared so
// no timestamps), and print/println builtins, then exits 0.
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	fmt.Fprintln(os.Stdout, "to stdout 1")
	fmt.Fprintln(os.Stderr, "to stderr 1")
	fmt.Fprintf(os.Stderr, "formatted %d %q\n", 42, "x")
	os.Stderr.WriteString("WriteString to stderr\n")
	n, err := os.Stdout.WriteString("WriteString to stdout\n")
	fmt.Println(n, err)
	log.SetFlags(0)
	log.SetPrefix("[log] ")
	log.Println("log line", 1)
	log.Printf("log %s", "formatted")
	l := log.New(os.Stdout, "custom: ", log.Lmsgprefix)
	l.Println("logger to stdout")
	println("builtin println", 7, 2.5, "s")
	fmt.Println(os.Stdout.Name(), os.Stderr.Name())
}
