// Program panicerror checks an uncaught panic whose value is a custom error
// type: Go prints "panic: " followed by the result of its Error method
// (and, for a pointer type, not the address), then exits with code 2.
package main

import "fmt"

type ValidationError struct {
	Field string
	Value int
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("validation failed: %s=%d is out of range", e.Field, e.Value)
}

func validate(age int) error {
	if age < 0 || age > 150 {
		return &ValidationError{"age", age}
	}
	return nil
}

func main() {
	for _, a := range []int{30, 151} {
		if err := validate(a); err != nil {
			fmt.Println("about to panic with:", err)
			panic(err)
		}
		fmt.Println("age ok:", a)
	}
}
