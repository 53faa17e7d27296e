// Program nilderef checks an uncaught runtime error (nil pointer
// dereference): stderr is "panic: runtime error: invalid memory address or
// nil pointer dereference" followed by a "[signal SIGSEGV...]" line and the
// trace (both stripped by the harness); exit code 2.
package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) Sum() int {
	return n.Val + n.Next.Sum() // no nil check: crashes at the end of the list
}

func main() {
	list := &Node{1, &Node{2, &Node{3, nil}}}
	total := 0
	for n := list; n != nil; n = n.Next {
		total += n.Val
	}
	fmt.Println("iterative sum:", total)
	fmt.Println("recursive sum:", list.Sum())
}
