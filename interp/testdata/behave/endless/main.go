// Command endless never returns and never reaches a scheduling point.
package main

func main() {
	for {
	}
}
