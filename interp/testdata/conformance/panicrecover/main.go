// Program panicrecover checks panic and recover: recover returns nil when
// not panicking and when not called directly by a deferred function, re-panic
// with a new value, panics inside deferred functions replacing the current
// panic, recovered runtime errors printed via err.Error(), recover in nested
// frames, panic(nil) yielding *runtime.PanicNilError, and errors.As on
// recovered values.
package main

import (
	"errors"
	"fmt"
	"runtime"
)

type MyErr struct{ Code int }

func (e MyErr) Error() string { return fmt.Sprintf("myerr %d", e.Code) }

func helperRecover() any { return recover() } // not called directly by deferred func

func safe(name string, f func()) {
	defer func() {
		r := recover()
		switch v := r.(type) {
		case nil:
			fmt.Printf("%s: no panic\n", name)
		case runtime.Error:
			fmt.Printf("%s: runtime error: %s\n", name, v.Error())
		case error:
			fmt.Printf("%s: error: %v\n", name, v)
		default:
			fmt.Printf("%s: value %v (%T)\n", name, v, v)
		}
	}()
	f()
}

func level3() { panic("deep") }
func level2() { level3(); fmt.Println("unreachable") }
func level1() (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint("level1 caught ", r)
		}
	}()
	level2()
	return "normal"
}

func main() {
	fmt.Println("recover outside panic:", recover())
	safe("nothing", func() {})
	safe("string", func() { panic("boom") })
	safe("int", func() { panic(42) })
	safe("custom error", func() { panic(MyErr{7}) })
	safe("errors.New", func() { panic(errors.New("plain")) })
	safe("index", func() {
		s := []int{1, 2, 3}
		i := 5
		_ = s[i]
	})
	safe("re-panic", func() {
		defer func() {
			r := recover()
			panic(fmt.Sprint("re-panicked: ", r))
		}()
		panic("original")
	})
	safe("panic in defer replaces", func() {
		defer func() { panic("second") }()
		panic("first")
	})
	safe("helper recover does not stop", func() {
		defer func() {
			fmt.Println("  helperRecover returned:", helperRecover())
		}()
		panic("still panicking")
	})
	safe("nested defer recover", func() {
		defer func() {
			func() {
				fmt.Println("  inner recover:", recover())
			}()
		}()
		panic("outer")
	})
	safe("double recover", func() {
		defer func() {
			fmt.Println("  second recover sees:", recover())
		}()
		defer func() {
			fmt.Println("  first recover sees:", recover())
		}()
		panic("once")
	})
	safe("panic nil", func() { panic(nil) })
	fmt.Println(level1())

	// recovered runtime error keeps working as an error value
	var saved error
	func() {
		defer func() {
			if r := recover(); r != nil {
				saved = r.(error)
			}
		}()
		var p *MyErr
		fmt.Println(p.Code)
	}()
	var re runtime.Error
	fmt.Println(saved.Error(), errors.As(saved, &re))

	var me MyErr
	err := fmt.Errorf("wrapped: %w", func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = r.(error)
			}
		}()
		panic(MyErr{99})
	}())
	fmt.Println(err, errors.As(err, &me), me.Code)

	// defers run in order during panic and recover stops unwinding at the right frame
	out := []string{}
	func() {
		defer func() { out = append(out, fmt.Sprint("outer:", recover())) }()
		func() {
			defer func() { out = append(out, "inner-defer") }()
			panic("p")
		}()
		out = append(out, "unreachable")
	}()
	fmt.Println(out)

	// panic during panic that is recovered further up
	safe("chain", func() {
		defer func() {
			r := recover()
			fmt.Println("  got", r)
			defer func() { fmt.Println("  got again", recover()) }()
			panic("from recovery")
		}()
		panic("start")
	})
	fmt.Println("main exits normally")
}
